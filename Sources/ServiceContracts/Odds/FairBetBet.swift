import Foundation
import OddsMath
import UseCases

/// One bet of the FairBet answers (`/api/fairbet/odds`, `/api/fairbet/live`), with the real
/// fair-odds server's snake_case keys, types, units and rounding, as its iOS and web clients
/// decode them (docs/contracts.md, "FairBet"): an integer `game_id`, the start time as
/// `game_date`, `selection_key` in the server's grammar, whole American `reference_price` and
/// `fair_american_odds`, EV in percent to 2 places, probabilities to 4, and the confidence tier
/// the clients read (`full`, `decent`, `thin`: fresh non-sharp books on the market's thinner
/// side, 5 or more, 3 or 4, fewer). mcsim adds `best_book_name` (what the iOS client reads for
/// the best book), `sharp_confidence` (its own tier: how many sharp books stand behind the fair
/// price), `bet` (mcsim's own name of the bet) and, per book, `true_prob` and `is_stale`; on a game
/// under way that the live slate priced in play, the model's price beside the books' consensus:
/// `model_prob` (its chance of winning given no push, 4 places), `model_fair_american_odds` and
/// `model_ev_percent` (the best fresh price's EV after its book's fee on the model's odds, pushes
/// returning the stake), all absent where the model does not price the bet (or it can only push).
package struct FairBetBet: Encodable, Sendable {
  package struct Book: Encodable, Sendable {
    /// The book's name as the app shows it (`FairBetBookName`).
    package let book: String
    /// The feed's key of the book (`betrivers`).
    package let bookKey: String
    package let price: Double
    package let observedAt: Date
    @NullEncoded package var evPercent: Double?
    @NullEncoded package var displayEV: Double?
    package let impliedProb: Double
    @NullEncoded package var trueProb: Double?
    package let isSharp: Bool
    package let isStale: Bool
    package let evMethod: String
    @NullEncoded package var evConfidenceTier: String?
    package let bookAbbr: String
    package let priceDecimal: Double
    @NullEncoded package var evTier: String?

    enum CodingKeys: String, CodingKey {
      case book, bookKey = "book_key", price, observedAt = "observed_at", evPercent = "ev_percent", displayEV = "display_ev"
      case impliedProb = "implied_prob", trueProb = "true_prob", isSharp = "is_sharp", isStale = "is_stale"
      case evMethod = "ev_method", evConfidenceTier = "ev_confidence_tier", bookAbbr = "book_abbr"
      case priceDecimal = "price_decimal", evTier = "ev_tier"
    }
  }

  package let gameID: Int
  package let leagueCode: String
  package let homeTeam: String
  package let awayTeam: String
  package let gameDate: Date
  package let marketKey: String
  package let selectionKey: String
  package let lineValue: Double
  package let marketCategory: String
  @NullEncoded package var playerName: String?
  @NullEncoded package var trueProb: Double?
  @NullEncoded package var referencePrice: Int?
  @NullEncoded package var oppositeReferencePrice: Int?
  @NullEncoded package var evConfidenceTier: String?
  @NullEncoded package var evDisabledReason: String?
  package let evMethod: String
  package let hasFair: Bool
  @NullEncoded package var fairAmericanOdds: Int?
  package let selectionDisplay: String
  package let marketDisplayName: String
  @NullEncoded package var bestBook: String?
  @NullEncoded package var bestBookName: String?
  @NullEncoded package var bestEVPercent: Double?
  package var books: [Book]
  package let sharpConfidence: String
  /// The bet as mcsim's own reports name it (`mcsim fair`'s `bet`).
  package let bet: String
  package var modelProb: Double?
  package var modelFairAmericanOdds: Int?
  package var modelEVPercent: Double?

  enum CodingKeys: String, CodingKey {
    case gameID = "game_id", leagueCode = "league_code", homeTeam = "home_team", awayTeam = "away_team"
    case gameDate = "game_date", marketKey = "market_key", selectionKey = "selection_key", lineValue = "line_value"
    case marketCategory = "market_category", playerName = "player_name", trueProb = "true_prob"
    case referencePrice = "reference_price", oppositeReferencePrice = "opposite_reference_price"
    case evConfidenceTier = "ev_confidence_tier", evDisabledReason = "ev_disabled_reason", evMethod = "ev_method"
    case hasFair = "has_fair", fairAmericanOdds = "fair_american_odds", selectionDisplay = "selection_display"
    case marketDisplayName = "market_display_name", bestBook = "best_book", bestBookName = "best_book_name"
    case bestEVPercent = "best_ev_percent", books, sharpConfidence = "sharp_confidence", bet
    case modelProb = "model_prob", modelFairAmericanOdds = "model_fair_american_odds", modelEVPercent = "model_ev_percent"
  }

  /// A bet of the board (`FairBoard`: its game, whether it has a fair price, its tier, the other
  /// side of its market) in the clients' shape.
  init(_ entry: FairBoard.Entry) {
    let b = entry.report, game = entry.game, hasFair = entry.hasFair, opposite = entry.opposite
    let tier = entry.tier?.rawValue
    let method = hasFair ? b.evMethod.rawValue : EVMethod.none.rawValue
    gameID = game.gameID
    leagueCode = game.leagueCode
    homeTeam = game.homeTeam
    awayTeam = game.awayTeam
    gameDate = game.start
    marketKey = b.market
    selectionKey = entry.selectionKey
    lineValue = b.line ?? 0
    marketCategory = entry.category
    playerName = entry.playerName
    // A gated bet's fair probability is not shown (`FairBoard.Entry.fairProbability`): `has_fair`
    // says there is none to trust, and the app would show one as an estimate with an EV of 0.
    trueProb = entry.shownFairProbability
    referencePrice = b.referencePrice.flatMap { Self.whole($0.american) }
    oppositeReferencePrice = opposite?.referencePrice.flatMap { Self.whole($0.american) }
    evConfidenceTier = tier
    evDisabledReason = b.disabledReason?.rawValue
    evMethod = method
    self.hasFair = hasFair
    fairAmericanOdds = entry.fairProbability.flatMap(Self.fairAmerican)
    selectionDisplay = FairBetGame.selectionDisplay(b)
    marketDisplayName = FairBetGame.marketDisplayName(b.market)
    let best = hasFair ? b.best : nil
    let bestName = best.map { FairBetBookName.name($0.book) }
    (bestBook, bestBookName) = (bestName, bestName)
    bestEVPercent = entry.bestShownEVPercent
    books = b.prices.sorted { $0.price.american > $1.price.american }.map { p in
      let ev = entry.shownEVPercent(p)
      let name = FairBetBookName.name(p.book)
      return Book(
        book: name, bookKey: p.book, price: p.price.american, observedAt: p.observedAt, evPercent: ev, displayEV: ev,
        impliedProb: PythonRound.rounded(p.impliedProbability, 4), trueProb: hasFair ? b.fairProbability.map { PythonRound.rounded($0, 4) } : nil,
        isSharp: p.isSharp, isStale: p.isStale, evMethod: method, evConfidenceTier: tier,
        bookAbbr: FairBetBookName.abbreviation(ofName: name), priceDecimal: PythonRound.rounded(p.price.decimal, 3),
        evTier: ev.map { $0 >= 5 ? "strong_positive" : $0 >= 0 ? "positive" : "negative" } ?? (p.isSharp ? "neutral" : nil))
    }
    sharpConfidence = b.confidenceTier.rawValue
    bet = b.label
    // The model's price, where it has one (a bet that can only push has none): its EV on the
    // board's best price (`BetReport.best`: fresh quotes, after a book's fee).
    if let m = entry.model, let p = m.fairProbability {
      modelProb = PythonRound.rounded(p, 4)
      modelFairAmericanOdds = Self.fairAmerican(p)
      modelEVPercent = b.best.map { PythonRound.rounded(100 * m.expectedValue(decimal: $0.effectiveDecimal), 2) }
    }
  }

  /// Whole American odds (Python's `round`: half to even).
  static func whole(_ american: Double) -> Int? {
    let r = american.rounded(.toNearestOrEven)
    return r.isFinite && abs(r) < 1e15 ? Int(r) : nil
  }

  /// The fair price of `p` in whole American odds; nil outside (0, 1).
  static func fairAmerican(_ p: Double) -> Int? {
    guard p > 0, p < 1 else { return nil }
    return whole(p >= 0.5 ? -(p / (1 - p)) * 100 : ((1 - p) / p) * 100)
  }
}
