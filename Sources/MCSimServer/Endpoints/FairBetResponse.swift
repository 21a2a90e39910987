import Foundation
import LineFeeds
import OddsMath

/// `GET /api/fairbet/odds` as the FairBet client reads it (CONTRACTS.md section 2): camelCase
/// keys, server-side EV annotations per bet and per book price, the filters' vocabularies
/// (`booksAvailable`, `gamesAvailable`, `marketCategoriesAvailable`), `evDiagnostics`, and a page
/// of bets (`limit` up to 500, `offset`). Prices are American odds as the client shows them,
/// with the decimal beside; probabilities are fractions, EV in percent as the service had it.
struct FairBetResponse: Encodable, Sendable {
  struct BookQuote: Encodable, Sendable {
    let book: String
    let price: Double
    let decimalOdds: Double
    let impliedProb: Double
    @NullEncoded var evPercent: Double?
    @NullEncoded var trueProb: Double?
    let isSharp: Bool
    let isStale: Bool
    let evConfidenceTier: String
    let observedAt: String
  }

  struct Bet: Encodable, Sendable {
    let betId: String
    let gameId: String
    let league: String?
    let market: String
    let marketCategory: String
    let selection: String
    @NullEncoded var line: Double?
    @NullEncoded var trueProb: Double?
    @NullEncoded var fairOdds: Double?
    @NullEncoded var referencePrice: Double?
    let evMethod: String
    let evConfidenceTier: String
    @NullEncoded var evDisabledReason: String?
    @NullEncoded var evDisabledCode: String?
    @NullEncoded var bestBook: String?
    @NullEncoded var bestEvPercent: Double?
    let books: [BookQuote]
  }

  struct Diagnostics: Encodable, Sendable {
    let totalBets: Int
    let pairedBets: Int
    let unpairedBets: Int
    let eligibleBets: Int
    let disabledReasons: [String: Int]
  }

  let bets: [Bet]
  let total: Int
  let limit: Int
  let offset: Int
  let hasMore: Bool
  let booksAvailable: [String]
  let gamesAvailable: [String]
  let marketCategoriesAvailable: [String]
  let evDiagnostics: Diagnostics
  let asOf: String
  let sharpBooks: [String]
  let source: LiveSources.Status

  /// The client's words for a withheld EV.
  static func reasonText(_ reason: GateReason) -> String {
    switch reason {
    case .noPair: "No opposite side to pair"
    case .referenceMissing: "Reference line unavailable"
    case .referenceStale: "Reference line stale"
    case .insufficientBooks: "Not enough books"
    case .fairOddsOutlier: "Fair odds outlier"
    }
  }

  /// The client's tier: `none` when EV is withheld.
  static func tier(_ bet: BetReport) -> String {
    bet.fairProbability == nil || bet.disabledReason != nil ? "none" : bet.confidenceTier.rawValue
  }

  static func bet(_ b: BetReport, league: String?) -> Bet {
    let tier = tier(b)
    let best = b.disabledReason == nil ? b.best : nil
    return Bet(
      betId: b.label, gameId: b.event, league: league, market: b.market,
      marketCategory: b.category == .playerProp ? "player_prop" : "main", selection: b.selection,
      line: b.line, trueProb: b.fairProbability, fairOdds: b.fairOdds.map(\.american),
      referencePrice: b.referencePrice.map(\.american), evMethod: b.evMethod.rawValue, evConfidenceTier: tier,
      evDisabledReason: b.disabledReason.map(reasonText), evDisabledCode: b.disabledReason?.rawValue,
      bestBook: best?.book, bestEvPercent: best?.evPercent,
      books: b.prices.map { p in
        BookQuote(
          book: p.book, price: p.price.american, decimalOdds: p.price.decimal, impliedProb: p.impliedProbability,
          evPercent: p.evPercent, trueProb: p.trueProbability, isSharp: p.isSharp, isStale: p.isStale,
          evConfidenceTier: tier, observedAt: Timestamp.format(p.observedAt))
      })
  }
}

/// Encodes nil as an explicit `null` (the client tells "absent" from "withheld" by the key).
@propertyWrapper
struct NullEncoded<Value: Encodable & Sendable>: Encodable, Sendable {
  var wrappedValue: Value?
  init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }
  func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    if let wrappedValue { try c.encode(wrappedValue) } else { try c.encodeNil() }
  }
}
