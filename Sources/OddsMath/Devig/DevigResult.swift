/// Fair probabilities for one market by one method, with what the method solved for.
public struct DevigResult: Hashable, Sendable {
  public let method: DevigMethod
  /// Outcome names, in input order.
  public let outcomes: [String]
  /// Fair probabilities in input order, summing to 1 (within a few ulps).
  public let probabilities: [Double]
  /// The book's overround, sum(1/d_i) - 1 (the replaced service's "vig").
  public let margin: Double
  /// The method's parameter (k, z, c or lambda), nil for multiplicative and additive.
  public let parameter: Double?
  /// What the caller must know: a probability outside (0, 1) (only additive can give one).
  public let warnings: [DevigWarning]

  /// Normalises `raw` by its sum (removing the last rounding of an iterative solution) and
  /// flags any probability outside (0, 1).
  init(method: DevigMethod, market: Market, raw probabilities: consuming [Double], parameter: Double?) {
    var sum = 0.0
    for i in probabilities.indices { sum += probabilities[i] }
    var warnings: [DevigWarning] = []
    for i in probabilities.indices {
      probabilities[i] /= sum
      if !(probabilities[i] > 0 && probabilities[i] < 1) {
        warnings.append(.probabilityOutOfRange(outcome: market.outcomes[i], probability: probabilities[i]))
      }
    }
    self.method = method
    self.outcomes = market.outcomes
    self.probabilities = probabilities
    self.margin = market.overround
    self.parameter = parameter
    self.warnings = warnings
  }

  /// The fair price of each outcome; nil where the probability is outside (0, 1).
  public var fairOdds: [Odds?] {
    probabilities.map { try? Odds(probability: $0) }
  }

  /// The parameter with its name, e.g. ("k", 1.04).
  public var namedParameter: (name: String, value: Double)? {
    guard let name = method.parameterName, let value = parameter else { return nil }
    return (name, value)
  }
}

/// A devig result the caller must not use blindly.
public enum DevigWarning: Hashable, Sendable, CustomStringConvertible {
  /// Additive devig of a market with a longshot priced below its share of the margin.
  case probabilityOutOfRange(outcome: String, probability: Double)

  public var description: String {
    switch self {
    case .probabilityOutOfRange(let outcome, let p):
      "fair probability of '\(outcome)' is \(p), outside (0, 1): this method does not suit this market"
    }
  }
}

extension DevigResult {
  /// The skeleton every parametric method shares, allocating nothing but the result:
  /// x_i = prepare(price_i) is stored in the result's own buffer, the parameter is solve(x), and
  /// then p_i = finish(x_i, parameter) overwrites x_i.
  static func parametric(
    _ method: DevigMethod, _ market: Market, prepare: (Odds) -> Double,
    solve: (UnsafeMutableBufferPointer<Double>) -> Double, finish: (Double, Double) -> Double
  ) -> DevigResult {
    let n = market.prices.count
    var parameter = 0.0
    let p = [Double](unsafeUninitializedCapacity: n) { x, count in
      for i in 0..<n { x[i] = prepare(market.prices[i]) }
      count = n
      parameter = solve(x)
      for i in 0..<n { x[i] = finish(x[i], parameter) }
    }
    return DevigResult(method: method, market: market, raw: p, parameter: parameter)
  }
}
