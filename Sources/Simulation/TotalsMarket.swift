import OddsMath

/// A totals market to price: the line and the two prices.
public struct TotalsMarket: Hashable, Sendable {
  public var line: Double
  public var overOdds: Odds
  public var underOdds: Odds

  /// The agent's default price on both sides: 1.91.
  public static let defaultOdds = try! Odds(decimal: 1.91)

  public init(line: Double, overOdds: Odds = defaultOdds, underOdds: Odds = defaultOdds) {
    self.line = line
    self.overOdds = overOdds
    self.underOdds = underOdds
  }

  public func validate() throws(InputError) {
    guard line.isFinite else {
      throw .invalid(field: "total_line", value: "\(line)", reason: "must be a finite number")
    }
    guard line > 0, line < 1000 else {
      throw .invalid(field: "total_line", value: "\(line)", reason: "must be in (0, 1000)")
    }
  }
}
