import CRandom
import Foundation
import RandomStreams
import TestSupport
import XCTest

/// Statistical checks of the fills. Every bound is a number of standard errors of the statistic
/// under the null hypothesis, so a correct generator fails each with a known, tiny probability
/// (and the seeds are fixed, so the suite is deterministic).
final class DistributionTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.statistical.require() }

  let n = 1_000_000

  /// Mean, variance, skewness and excess kurtosis of 10^6 normals, each within 5 standard
  /// errors: se(mean) = 1/sqrt(n), se(var) = sqrt(2/n), se(skew) = sqrt(6/n), se(kurt) = sqrt(24/n).
  func testNormalMoments() {
    var stream = RandomStream(seed: 7, id: 3)
    let s = NormalSample(stream.normals(n))
    XCTAssertLessThan(abs(s.mean), 5 * s.se.mean)
    XCTAssertLessThan(abs(s.variance - 1), 5 * s.se.variance)
    XCTAssertLessThan(abs(s.skewness), 5 * s.se.skewness)
    XCTAssertLessThan(abs(s.excessKurtosis), 5 * s.se.excessKurtosis)
  }

  /// Kolmogorov-Smirnov of 10^6 uniforms: D * sqrt(n) below 1.95 (p = 0.001 critical value).
  func testUniformKolmogorovSmirnov() {
    var stream = RandomStream(seed: 11, id: 0)
    var u = stream.uniforms(n)
    XCTAssertTrue(u.allSatisfy { $0 > 0 && $0 < 1 })
    u.sort()
    var d = 0.0
    for (i, x) in u.enumerated() {
      d = max(d, Double(i + 1) / Double(n) - x, x - Double(i) / Double(n))
    }
    XCTAssertLessThan(d * Double(n).squareRoot(), 1.95)
  }

  /// KS of the normals against Phi, the same critical value.
  func testNormalKolmogorovSmirnov() {
    var stream = RandomStream(seed: 13, id: 5)
    XCTAssertLessThan(NormalSample(stream.normals(n)).kolmogorovSmirnov, 1.95)
  }

  /// Streams of one seed are uncorrelated: the correlation of two streams' normals is within
  /// 5 / sqrt(n) of 0; and different seeds give different draws.
  func testStreamsAreIndependent() {
    var a = RandomStream(seed: 99, id: 0)
    var b = RandomStream(seed: 99, id: 1)
    let x = a.normals(n), y = b.normals(n)
    var sxy = 0.0
    for i in 0..<n { sxy += x[i] * y[i] }
    XCTAssertLessThan(abs(sxy / Double(n)), 5 / Double(n).squareRoot())
    var c = RandomStream(seed: 100, id: 0)
    XCTAssertNotEqual(c.normals(8), Array(x.prefix(8)))
  }

  /// The vectorised log agrees with libm to 4 ulp over (0, 1); sin/cos(2 pi x) agree with libm's
  /// sin(2 pi x) to 4 ulp of 1 plus the reference's own error, one ulp of its rounded argument.
  func testTranscendentalKernelsAgreeWithLibm() {
    var stream = RandomStream(seed: 1, id: 0)
    let u = stream.uniforms(200_000) + [0x1p-54, 0x1p-53, 0.5, 1 - 0x1p-53, 0.7071067811865476]
    for x in u {
      let ours = mc_log_reference(x), ref = log(x)
      XCTAssertLessThanOrEqual(abs(ours - ref), 4 * ref.ulp.magnitude, "log(\(x))")
      var s = 0.0, c = 0.0
      mc_sincos_turn_reference(x, &s, &c)
      let angle = 2 * Double.pi * x
      let tolerance = 4 * 0x1p-53 + angle.ulp
      XCTAssertLessThan(abs(s - sin(angle)), tolerance, "sin(2 pi \(x))")
      XCTAssertLessThan(abs(c - cos(angle)), tolerance, "cos(2 pi \(x))")
    }
  }

  /// The game kernel's single-precision kernels against libm, over every uniform they can take
  /// (all 2^24): the log within 2 float ulps of log(u), sin/cos(2 pi v) within 2^-22 (2 float ulps
  /// of 1) of libm's double values.
  func testSinglePrecisionKernelsAgreeWithLibmOnEveryInput() {
    var worstLog = 0.0, worstTrig = 0.0
    for k in 1...(1 << 24) {
      let u = Float(k) * 0x1p-24
      let ours = Double(mc_logf_reference(u)), ref = log(Double(u))
      if k < 1 << 24 {
        worstLog = max(worstLog, abs(ours - ref) / Double(Float(ref).ulp.magnitude))
      } else {
        XCTAssertEqual(ours, 0, "log(1)")
      }
      let v = Float(k - 1) * 0x1p-24
      var s: Float = 0, c: Float = 0
      mc_sincos_turnf_reference(v, &s, &c)
      let angle = 2 * Double.pi * Double(v)
      worstTrig = max(worstTrig, abs(Double(s) - sin(angle)), abs(Double(c) - cos(angle)))
    }
    XCTAssertLessThanOrEqual(worstLog, 2, "log: \(worstLog) float ulps")
    XCTAssertLessThanOrEqual(worstTrig, 0x1p-22, "sin/cos: \(worstTrig)")
  }

  /// The game normals are standard normals: moments within 4 standard errors, KS as for the double
  /// fill, and none beyond the documented cut sqrt(-2 ln 2^-24) = 5.76811 (the tail left out is
  /// 2^-24 of the radius, 6e-8 of the games).
  func testGameNormalsAreStandardNormalsWithTheDocumentedCut() {
    var stream = RandomStream(seed: 17, id: 4)
    var z = [Double](repeating: 0, count: n)
    z.withUnsafeMutableBufferPointer { stream.fillGameNormals($0) }
    let s = NormalSample(z)
    XCTAssertLessThan(abs(s.mean), 4 * s.se.mean)
    XCTAssertLessThan(abs(s.variance - 1), 4 * s.se.variance)
    XCTAssertLessThan(abs(s.skewness), 4 * s.se.skewness)
    XCTAssertLessThan(abs(s.excessKurtosis), 4 * s.se.excessKurtosis)
    XCTAssertLessThan(s.kolmogorovSmirnov, 1.95)
    let cut = (-2 * log(0x1p-24)).squareRoot()
    XCTAssertEqual(cut, 5.76811, accuracy: 1e-5)
    XCTAssertTrue(z.allSatisfy { abs($0) <= cut * (1 + 1e-6) && abs($0) <= MC_NORMAL_F32_MAX_ABS })
  }

  /// Single precision changes almost no game: on the same blocks, the double-precision and the
  /// game normals give the same whole-point scores (mean 112, sd 12, rho 0.5) but for games near a
  /// half point whose normals moved by the single precision's error. A score that moves by d < 1
  /// point crosses a half point with probability d (its fraction is uniform), so the number of
  /// changed games is a sum of rare Bernoullis with mean about the sum of the moves: within 4 of
  /// its standard errors (sqrt of the mean) of it. About 1e-5 of the games: E|dz| ~ 4e-7, mostly
  /// from the radius's 24-bit uniform in the tail.
  func testGameNormalsChangeAlmostNoScore() {
    let games = 1_000_000
    var a = RandomStream(seed: 23, id: 9), b = RandomStream(seed: 23, id: 9)
    var exact = [Double](repeating: 0, count: 2 * games), single = exact
    exact.withUnsafeMutableBufferPointer { a.fillNormal($0) }
    single.withUnsafeMutableBufferPointer { b.fillGameNormals($0) }
    func points(_ z: [Double], _ g: Int) -> (home: Double, away: Double) {
      (112 + 12 * z[2 * g], 112 + 12 * (0.5 * z[2 * g] + 0.75.squareRoot() * z[2 * g + 1]))
    }
    func rounded(_ x: Double) -> Int { Int((x + 0.5).rounded(.down)) }
    var changed = 0, expected = 0.0, largest = 0.0
    for g in 0..<games {
      let a = points(exact, g), b = points(single, g)
      if rounded(a.home) != rounded(b.home) || rounded(a.away) != rounded(b.away) { changed += 1 }
      expected += min(1, abs(a.home - b.home)) + min(1, abs(a.away - b.away))
      largest = max(largest, abs(exact[2 * g] - single[2 * g]), abs(exact[2 * g + 1] - single[2 * g + 1]))
    }
    print("game normals: \(changed) of \(games) games scored differently (about \(expected) expected); largest |dz| \(largest)")
    XCTAssertGreaterThan(changed, 0, "the two fills are different computations")
    XCTAssertLessThan(changed, 100, "about 1e-5 of the games expected")
    XCTAssertLessThanOrEqual(abs(Double(changed) - expected), 4 * expected.squareRoot())
  }
}

/// A sample's moments, their standard errors under N(0, 1), and its Kolmogorov-Smirnov statistic
/// against Phi (D sqrt(n)).
struct NormalSample {
  let mean, variance, skewness, excessKurtosis, kolmogorovSmirnov: Double
  /// se(mean) = 1/sqrt(n), se(var) = sqrt(2/n), se(skew) = sqrt(6/n), se(kurt) = sqrt(24/n).
  let se: (mean: Double, variance: Double, skewness: Double, excessKurtosis: Double)

  init(_ z: [Double]) {
    let count = Double(z.count)
    mean = z.reduce(0, +) / count
    var m2 = 0.0, m3 = 0.0, m4 = 0.0
    for x in z {
      let d = x - mean
      m2 += d * d
      m3 += d * d * d
      m4 += d * d * d * d
    }
    m2 /= count; m3 /= count; m4 /= count
    variance = m2
    skewness = m3 / pow(m2, 1.5)
    excessKurtosis = m4 / (m2 * m2) - 3
    var d = 0.0
    for (i, x) in z.sorted().enumerated() {
      let cdf = 0.5 * erfc(-x / 2.0.squareRoot())
      d = max(d, Double(i + 1) / count - cdf, cdf - Double(i) / count)
    }
    kolmogorovSmirnov = d * count.squareRoot()
    se = (1 / count.squareRoot(), (2 / count).squareRoot(), (6 / count).squareRoot(), (24 / count).squareRoot())
  }
}
