import Foundation
import OddsMath

/// `GET /api/fairbet/odds` as the FairBet client reads it (CONTRACTS.md section 2): camelCase
/// keys, server-side EV annotations per bet and per book price, the filters' vocabularies
/// (`booksAvailable`, `gamesAvailable`, `marketCategoriesAvailable`), `evDiagnostics`, and a page
/// of bets (`limit` up to 500, `offset`). Prices are American odds as the client shows them,
/// with the decimal beside; probabilities are fractions, EV in percent as the service had it.
public struct FairBetResponse: Encodable, Sendable {
  public struct BookQuote: Encodable, Sendable {
    public let book: String
    public let price: Double
    public let decimalOdds: Double
    public let impliedProb: Double
    @NullEncoded public var evPercent: Double?
    @NullEncoded public var trueProb: Double?
    public let isSharp: Bool
    public let isStale: Bool
    public let evConfidenceTier: String
    public let observedAt: String
  }

  public struct Bet: Encodable, Sendable {
    public let betId: String
    public let gameId: String
    public let league: String?
    public let market: String
    public let marketCategory: String
    public let selection: String
    @NullEncoded public var line: Double?
    @NullEncoded public var trueProb: Double?
    @NullEncoded public var fairOdds: Double?
    @NullEncoded public var referencePrice: Double?
    public let evMethod: String
    public let evConfidenceTier: String
    @NullEncoded public var evDisabledReason: String?
    @NullEncoded public var evDisabledCode: String?
    @NullEncoded public var bestBook: String?
    @NullEncoded public var bestEvPercent: Double?
    public let books: [BookQuote]
  }

  public struct Diagnostics: Encodable, Sendable {
    public let totalBets: Int
    public let pairedBets: Int
    public let unpairedBets: Int
    public let eligibleBets: Int
    public let disabledReasons: [String: Int]
  }

  public let bets: [Bet]
  public let total: Int
  public let limit: Int
  public let offset: Int
  public let hasMore: Bool
  public let booksAvailable: [String]
  public let gamesAvailable: [String]
  public let marketCategoriesAvailable: [String]
  public let evDiagnostics: Diagnostics
  public let asOf: String
  public let sharpBooks: [String]
  public let source: SourceStatus

  /// One page of `report`'s bets: `selected` are those the query's filters keep (in the
  /// report's order), of which `offset..<offset + limit` are sent; the vocabularies and the
  /// diagnostics count every bet of the report, filtered or not. `leagues` maps an event to its
  /// league where the feed said.
  public init(
    report: FairOddsReport, selected: [BetReport], limit: Int, offset: Int, leagues: [String: String],
    source: SourceStatus
  ) {
    let window = selected.dropFirst(offset).prefix(limit)
    var reasons: [String: Int] = [:]
    for bet in report.bets { if let r = bet.disabledReason { reasons[r.rawValue, default: 0] += 1 } }
    let unpaired = report.bets.filter { $0.disabledReason == .noPair }.count
    func distinct(_ values: [String]) -> [String] { Array(Set(values)).sorted() }
    bets = window.map { Self.bet($0, league: leagues[$0.event]) }
    total = selected.count
    self.limit = limit
    self.offset = offset
    hasMore = offset + window.count < selected.count
    booksAvailable = distinct(report.bets.flatMap { $0.prices.map(\.book) })
    gamesAvailable = distinct(report.bets.map(\.event))
    marketCategoriesAvailable = distinct(report.bets.map(Self.category))
    evDiagnostics = Diagnostics(
      totalBets: report.bets.count, pairedBets: report.bets.count - unpaired, unpairedBets: unpaired,
      eligibleBets: report.bets.filter { $0.disabledReason == nil && $0.fairProbability != nil }.count,
      disabledReasons: reasons)
    asOf = ContractTime.string(report.asOf)
    sharpBooks = report.policy.sharpBooks
    self.source = source
  }

  /// The client's market category: `player_prop` or `main`.
  public static func category(_ bet: BetReport) -> String {
    bet.category == .playerProp ? "player_prop" : "main"
  }

  /// The client's words for a withheld EV.
  public static func reasonText(_ reason: GateReason) -> String {
    switch reason {
    case .noPair: "No opposite side to pair"
    case .referenceMissing: "Reference line unavailable"
    case .referenceStale: "Reference line stale"
    case .insufficientBooks: "Not enough books"
    case .fairOddsOutlier: "Fair odds outlier"
    }
  }

  /// The client's tier: `none` when EV is withheld.
  public static func tier(_ bet: BetReport) -> String {
    bet.fairProbability == nil || bet.disabledReason != nil ? "none" : bet.confidenceTier.rawValue
  }

  static func bet(_ b: BetReport, league: String?) -> Bet {
    let tier = tier(b)
    let best = b.disabledReason == nil ? b.best : nil
    return Bet(
      betId: b.label, gameId: b.event, league: league, market: b.market,
      marketCategory: category(b), selection: b.selection,
      line: b.line, trueProb: b.fairProbability, fairOdds: b.fairOdds.map(\.american),
      referencePrice: b.referencePrice.map(\.american), evMethod: b.evMethod.rawValue, evConfidenceTier: tier,
      evDisabledReason: b.disabledReason.map(reasonText), evDisabledCode: b.disabledReason?.rawValue,
      bestBook: best?.book, bestEvPercent: best?.evPercent,
      books: b.prices.map { p in
        BookQuote(
          book: p.book, price: p.price.american, decimalOdds: p.price.decimal, impliedProb: p.impliedProbability,
          evPercent: p.evPercent, trueProb: p.trueProbability, isSharp: p.isSharp, isStale: p.isStale,
          evConfidenceTier: tier, observedAt: ContractTime.string(p.observedAt))
      })
  }
}
