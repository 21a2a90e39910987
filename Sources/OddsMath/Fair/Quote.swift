import Foundation

/// One book's price on one side of one bet, as seen at one moment.
///
/// A bet is keyed by (event, market, selection, line): `line` is the spread or total (nil for a
/// moneyline or a 1X2), signed as the book prints it for this selection (home -3.5, away +3.5,
/// over 225.5, under 225.5).
public struct Quote: Hashable, Sendable {
  public var event: String
  public var market: String
  public var selection: String
  public var line: Double?
  public var book: String
  public var price: Odds
  public var observedAt: Date
  /// Which gate thresholds apply; inferred from the market name unless given.
  public var category: MarketCategory

  public init(
    event: String, market: String, selection: String, line: Double? = nil, book: String,
    price: Odds, observedAt: Date, category: MarketCategory? = nil
  ) {
    self.event = event
    self.market = market
    self.selection = selection
    self.line = line
    self.book = book
    self.price = price
    self.observedAt = observedAt
    self.category = category ?? MarketCategory(inferredFrom: market)
  }

  /// "event market selection line", how bets are named in tables and on the command line.
  var betLabel: String {
    [event, market, selection, line.map(Self.format)].compactMap { $0 }.joined(separator: " ")
  }

  static func format(line: Double) -> String {
    line == line.rounded() && abs(line) < 1e15 ? String(Int(line)) : String(line)
  }
}

/// Market families whose gates differ: main lines (moneyline, spread, total) and player props.
public enum MarketCategory: String, CaseIterable, Hashable, Sendable, Codable {
  case main
  case playerProp = "player_prop"

  /// `player_points`, `Player Props`, `points_prop` are props; everything else is a main line.
  public init(inferredFrom market: String) {
    let m = market.lowercased()
    self = m.hasPrefix("player") || m.contains("prop") ? .playerProp : .main
  }
}
