import Foundation
import OddsMath

/// A part of a game's regulation: a quarter or a half.
package enum GamePeriod: String, CaseIterable, Hashable, Sendable, Codable {
  case q1, q2, q3, q4, h1, h2

  /// The quarters it spans (0-based).
  package var quarters: [Int] {
    switch self {
    case .q1: [0]
    case .q2: [1]
    case .q3: [2]
    case .q4: [3]
    case .h1: [0, 1]
    case .h2: [2, 3]
    }
  }
}

/// The game by quarters: each team's regulation points split over the four quarters by its
/// shares, the eight quarter scores (home q1..q4, away q1..q4) jointly normal around those means
/// with one covariance: each quarter's spread, the teams' correlation within a quarter, and the
/// correlation between quarters (a margin that reverts shows as negative covariance between a
/// team's quarters and positive between one team's early and the other's late ones).
///
/// The quarters sum to regulation: a team's regulation mean is the sum of its quarter means, and
/// the regulation variance and covariance are sums of the matrix's blocks. Overtime stays the
/// full-game model's (`Overtime`).
///
/// A faster game scores more and spreads more: the covariance is the one of a game whose expected
/// regulation total is `referenceTotal`, and a game expecting T scales it by
/// (T / referenceTotal)^`varianceExponent` (0: one covariance for every game).
package struct PeriodModel: Hashable, Sendable {
  /// Each team's share of its regulation points, quarter by quarter; each sums to 1.
  package var homeShares: [Double]
  package var awayShares: [Double]
  /// 8 x 8, symmetric: home q1..q4, then away q1..q4, at `referenceTotal`.
  package var covariance: [[Double]]
  package var referenceTotal: Double
  package var varianceExponent: Double

  package init(
    homeShares: [Double], awayShares: [Double], covariance: [[Double]], referenceTotal: Double = 200,
    varianceExponent: Double = 0
  ) {
    self.homeShares = homeShares
    self.awayShares = awayShares
    self.covariance = covariance
    self.referenceTotal = referenceTotal
    self.varianceExponent = varianceExponent
  }

  /// The covariance's scale for a game expecting `total` regulation points.
  package func scale(total: Double) -> Double {
    varianceExponent == 0 ? 1 : pow(max(total, 1) / referenceTotal, varianceExponent)
  }

  /// The index of a team's quarter in the covariance.
  static func index(home: Bool, quarter: Int) -> Int { (home ? 0 : 4) + quarter }

  /// The covariance of two sums of quarter scores, each given by its weights over the eight.
  func covariance(_ a: [Double], _ b: [Double]) -> Double {
    var s = 0.0
    for i in 0..<8 where a[i] != 0 {
      for j in 0..<8 where b[j] != 0 { s += a[i] * covariance[i][j] * b[j] }
    }
    return s
  }

  /// The weights over the eight quarter scores of one team's points in `quarters`.
  static func weights(home: Bool, quarters: [Int]) -> [Double] {
    var w = [Double](repeating: 0, count: 8)
    for q in quarters { w[index(home: home, quarter: q)] = 1 }
    return w
  }

  /// A period's two scores: their means from the regulation means `home`, `away`, their
  /// variances and covariance.
  package func period(_ period: GamePeriod, homeRegulation home: Double, awayRegulation away: Double) -> PeriodScores {
    let qs = period.quarters
    let wh = Self.weights(home: true, quarters: qs), wa = Self.weights(home: false, quarters: qs)
    let k = scale(total: home + away)
    return PeriodScores(
      homeMean: home * qs.reduce(0) { $0 + homeShares[$1] }, awayMean: away * qs.reduce(0) { $0 + awayShares[$1] },
      homeVariance: k * covariance(wh, wh), awayVariance: k * covariance(wa, wa), covariance: k * covariance(wh, wa))
  }

  /// A team's regulation sd at the reference total: the square root of its 4 x 4 block's sum.
  package func regulationSD(home: Bool) -> Double {
    let w = Self.weights(home: home, quarters: [0, 1, 2, 3])
    return covariance(w, w).squareRoot()
  }

  /// The margin over `period`'s quarters, as weights over the eight scores.
  static func marginWeights(_ period: GamePeriod) -> [Double] {
    zip(weights(home: true, quarters: period.quarters), weights(home: false, quarters: period.quarters)).map { $0 - $1 }
  }

  /// A half's margin sd at the reference total.
  package func marginSD(_ half: GamePeriod) -> Double {
    let w = Self.marginWeights(half)
    return covariance(w, w).squareRoot()
  }

  /// The second half's margin regressed on the first's: Cov(m2, m1) / Var(m1). Below 0, a margin
  /// reverts (the team ahead at half time gives some of it back).
  package var marginReversion: Double {
    let m1 = Self.marginWeights(.h1), m2 = Self.marginWeights(.h2)
    return covariance(m2, m1) / covariance(m1, m1)
  }

  /// Checks the shares (4 each, positive, summing to 1 within 1e-6) and the covariance (8 x 8,
  /// finite, symmetric, positive variances). Names the first fault.
  package func validate() throws(PeriodModelError) {
    for (name, shares) in [("home_shares", homeShares), ("away_shares", awayShares)] {
      guard shares.count == 4, shares.allSatisfy({ $0.isFinite && $0 > 0 }), abs(shares.reduce(0, +) - 1) < 1e-6 else {
        throw .invalid(field: name, reason: "four positive shares summing to 1")
      }
    }
    guard referenceTotal.isFinite, referenceTotal > 0 else { throw .invalid(field: "reference_total", reason: "must be positive") }
    guard varianceExponent.isFinite, (0...4).contains(varianceExponent) else {
      throw .invalid(field: "variance_exponent", reason: "must be in [0, 4]")
    }
    guard covariance.count == 8, covariance.allSatisfy({ $0.count == 8 && $0.allSatisfy(\.isFinite) }) else {
      throw .invalid(field: "covariance", reason: "an 8 x 8 matrix of finite numbers")
    }
    for i in 0..<8 {
      guard covariance[i][i] > 0 else { throw .invalid(field: "covariance", reason: "variance \(i) must be positive") }
      for j in 0..<i where abs(covariance[i][j] - covariance[j][i]) > 1e-9 * max(1, abs(covariance[i][j])) {
        throw .invalid(field: "covariance", reason: "must be symmetric (entries \(i),\(j) and \(j),\(i) differ)")
      }
    }
  }
}

package enum PeriodModelError: Error, Equatable, Sendable, CustomStringConvertible {
  case invalid(field: String, reason: String)

  package var description: String {
    switch self {
    case .invalid(let field, let reason): "\(field): \(reason)"
    }
  }
}

/// One period's two scores, jointly normal, read on whole points: each probability is the normal
/// one of the half-point band (a score of k is the band (k - 0.5, k + 0.5)).
package struct PeriodScores: Hashable, Sendable {
  package var homeMean: Double
  package var awayMean: Double
  package var homeVariance: Double
  package var awayVariance: Double
  package var covariance: Double

  package init(homeMean: Double, awayMean: Double, homeVariance: Double, awayVariance: Double, covariance: Double) {
    self.homeMean = homeMean
    self.awayMean = awayMean
    self.homeVariance = homeVariance
    self.awayVariance = awayVariance
    self.covariance = covariance
  }

  package var meanTotal: Double { homeMean + awayMean }
  package var meanMargin: Double { homeMean - awayMean }
  package var totalSD: Double { (homeVariance + awayVariance + 2 * covariance).squareRoot() }
  package var marginSD: Double { (homeVariance + awayVariance - 2 * covariance).squareRoot() }

  /// P(X > line), P(X < line) and P(X = line) for a whole-point X ~ N(mean, sd^2).
  package static func sides(_ line: Double, mean: Double, sd: Double) -> (above: Double, below: Double, push: Double) {
    let cdf = RegulationCells.normalCDF
    let above = 1 - cdf((line.rounded(.down) + 0.5 - mean) / sd)
    let below = cdf((line.rounded(.up) - 0.5 - mean) / sd)
    // A whole line pushes with its band's probability; any other never does (exactly 0).
    let push = line == line.rounded() ? cdf((line + 0.5 - mean) / sd) - cdf((line - 0.5 - mean) / sd) : 0
    return (above, below, push)
  }

  /// The total against `line`: over, under, push.
  package func total(_ line: Double) -> (over: Double, under: Double, push: Double) {
    let s = Self.sides(line, mean: meanTotal, sd: totalSD)
    return (s.above, s.below, s.push)
  }

  /// The home side of `spread` (its line: -2.5 means home gives 2.5): cover, lose, push.
  package func homeSpread(_ spread: Double) -> (cover: Double, lose: Double, push: Double) {
    let s = Self.sides(-spread, mean: meanMargin, sd: marginSD)
    return (s.above, s.below, s.push)
  }

  /// One team's points against `line`: over, under, push.
  package func teamTotal(home: Bool, _ line: Double) -> (over: Double, under: Double, push: Double) {
    let s = Self.sides(line, mean: home ? homeMean : awayMean, sd: (home ? homeVariance : awayVariance).squareRoot())
    return (s.above, s.below, s.push)
  }

  /// The period's moneyline: home ahead, away ahead, level.
  package var moneyline: (home: Double, away: Double, tie: Double) {
    let s = Self.sides(0, mean: meanMargin, sd: marginSD)
    return (s.above, s.below, s.push)
  }
}

/// A period asked for, with its lines where given (the total, the home team's spread, each
/// team's total) and the prices of its sides where quoted.
package struct PeriodQuote: Hashable, Sendable {
  package var period: GamePeriod
  package var totalLine: Double?
  package var spread: Double?
  package var homeTotal: Double?
  package var awayTotal: Double?
  package var prices: PeriodPrices

  package init(
    period: GamePeriod, totalLine: Double? = nil, spread: Double? = nil, homeTotal: Double? = nil, awayTotal: Double? = nil,
    prices: PeriodPrices = PeriodPrices()
  ) {
    self.period = period
    self.totalLine = totalLine
    self.spread = spread
    self.homeTotal = homeTotal
    self.awayTotal = awayTotal
    self.prices = prices
  }
}

/// A period priced for a game: its scores' distribution, its lines where asked (`PeriodQuote`),
/// and the advice on each side quoted with a price.
package struct PricedPeriod: Hashable, Sendable {
  package var period: GamePeriod
  package var scores: PeriodScores
  package var totalLine: Double?
  package var spread: Double?
  package var homeTotal: Double?
  package var awayTotal: Double?
  package var prices: PeriodPrices
  package var advice: PeriodAdvice

  package init(_ quote: PeriodQuote, scores: PeriodScores, policy: AdvicePolicy) {
    period = quote.period
    self.scores = scores
    totalLine = quote.totalLine
    spread = quote.spread
    homeTotal = quote.homeTotal
    awayTotal = quote.awayTotal
    prices = quote.prices
    advice = PeriodAdvice(scores: scores, quote: quote, policy: policy)
  }

  /// The line of a team's total: `home` true for the home team's.
  package func teamTotal(home: Bool) -> Double? { home ? homeTotal : awayTotal }
}
