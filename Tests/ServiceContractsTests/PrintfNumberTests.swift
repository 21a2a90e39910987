import Foundation
import ServiceContracts
import TestSupport
import XCTest

/// `PrintfNumber` writes exactly what `String(format:)` writes for one number, for every
/// format the contracts and renderers use, across magnitudes, at the ties of binary fractions
/// (0.125, 2.675, whose nearest double is below the tie) and for text longer than its first
/// buffer.
final class PrintfNumberTests: XCTestCase {

  static let specs = ["%.2f", "%+.1f", "%+.2f", "%.1f", "%.3f", "%.4f", "%g", "%+g", "%.2f%%", "%+.1f%%", "%.0f"]

  func testItWritesWhatStringFormatWrites() {
    // Fixed inputs, the same on every run (SplitMix64 from a fixed seed).
    var generator = SplitMix64(seed: 0x5EED)
    var values: [Double] = [
      0, -0.0, 0.125, 0.375, 2.675, 1.005, 0.145, -0.125, 0.5, 1.5, 2.5, -2.5, 1e-7, 123_456_789.125, 1e21, 5e-324,
      .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity, .nan,
    ]
    for _ in 0..<5_000 {
      let magnitude = Double.random(in: -8...8, using: &generator)
      values.append(Double.random(in: -1...1, using: &generator) * pow(10, magnitude))
      // Values on a grid of hundredths and thousandths, where ties and near-ties sit.
      values.append(Double(Int.random(in: -100_000...100_000, using: &generator)) / 1000)
    }
    for spec in Self.specs {
      for x in values {
        XCTAssertEqual(PrintfNumber.format(spec, x), String(format: spec, x), "\(spec) of \(x)")
      }
    }
    // Longer than the first buffer: 309 digits before the point.
    XCTAssertEqual(PrintfNumber.format("%.2f", 1e308).count, 312)
  }
}
