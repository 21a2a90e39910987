import OddsMath

/// The markets offered on one game: any of a total, a spread and a moneyline. A game with none
/// of them has no line and is not simulated.
public struct GameMarkets: Hashable, Sendable {
  public var total: TotalsMarket?
  public var spread: SpreadMarket?
  public var moneyline: MoneylineMarket?
  /// Where each market's prices came from, when a multi-book feed supplied them.
  public var totalSource: PriceSource?
  public var spreadSource: PriceSource?
  public var moneylineSource: PriceSource?

  public init(
    total: TotalsMarket? = nil, spread: SpreadMarket? = nil, moneyline: MoneylineMarket? = nil
  ) {
    self.total = total
    self.spread = spread
    self.moneyline = moneyline
  }

  public var isEmpty: Bool { total == nil && spread == nil && moneyline == nil }

  /// Markets settled on the margin (home - away) rather than the total.
  var needsMargin: Bool { spread != nil || moneyline != nil }

  public func validate() throws(InputError) {
    try total?.validate()
    try spread?.validate()
  }
}

/// A point spread, from the home team's side: `homeLine` -3.5 means the home team gives 3.5
/// points. The home side covers when margin + homeLine > 0, the away side when it is < 0, and
/// a whole-number line pushes when it is 0.
public struct SpreadMarket: Hashable, Sendable {
  public var homeLine: Double
  public var homeOdds: Odds
  public var awayOdds: Odds

  public init(homeLine: Double, homeOdds: Odds = TotalsMarket.defaultOdds, awayOdds: Odds = TotalsMarket.defaultOdds) {
    self.homeLine = homeLine
    self.homeOdds = homeOdds
    self.awayOdds = awayOdds
  }

  public func validate() throws(InputError) {
    guard homeLine.isFinite, abs(homeLine) < 100 else {
      throw .invalid(field: "spread", value: "\(homeLine)", reason: "must be a finite number in (-100, 100)")
    }
  }
}

/// A two-way moneyline: the price of each team to win the game, overtime included.
public struct MoneylineMarket: Hashable, Sendable {
  public var homeOdds: Odds
  public var awayOdds: Odds

  public init(homeOdds: Odds, awayOdds: Odds) {
    self.homeOdds = homeOdds
    self.awayOdds = awayOdds
  }
}

/// Where a market's prices came from in a multi-book feed: the book behind the best price of
/// each side, how many books quoted the market at this line, and the books' own fair
/// probabilities (devigged sharp consensus, or the whole market's when no sharp book prices it),
/// in side order (over, under) or (home, away).
public struct PriceSource: Hashable, Sendable {
  public var bestBooks: [String]
  public var bookCount: Int
  public var fairProbabilities: [Double]?
  /// How the fair probabilities were obtained (the fair-odds library's method).
  public var method: EVMethod
  /// The fair-odds gate that withholds the books' EV, if any.
  public var gate: GateReason?
  /// Other lines quoted for the market, besides the main one evaluated.
  public var otherLines: [Double]

  public init(
    bestBooks: [String], bookCount: Int, fairProbabilities: [Double]?, method: EVMethod, gate: GateReason?,
    otherLines: [Double] = []
  ) {
    self.bestBooks = bestBooks
    self.bookCount = bookCount
    self.fairProbabilities = fairProbabilities
    self.method = method
    self.gate = gate
    self.otherLines = otherLines
  }

  /// The books' fair probabilities of a two-way market as the advice reads them, when the feed
  /// gave them.
  public var marketProbabilities: [MarketProbability]? {
    guard let fair = fairProbabilities, fair.count == 2 else { return nil }
    return Self.marketProbabilities(fair, method: method)
  }

  /// Fair probabilities of a market's sides, as the advice reads them, from the method that gave
  /// them (nil when it gave none).
  package static func marketProbabilities(_ fair: [Double], method: EVMethod) -> [MarketProbability]? {
    guard let how = MarketProbability.Method(method) else { return nil }
    return fair.map { MarketProbability(probability: $0, method: how) }
  }
}
