import Foundation
import OddsMath
import Simulation
import UseCases

/// `POST /api/fairbet/parlay/evaluate` as the FairBet iOS client calls it: `{"legs": [{game_id,
/// market_key, selection_key, line_value?}, ...]}` (2 to 20 legs, each a bet of
/// `/api/fairbet/odds` with a fair probability), answered `{fair_probability,
/// fair_american_odds, confidence, leg_count}` with `confidence` the weakest leg's tier (`full`,
/// `decent`, `thin`, or `none` when a leg has none). mcsim adds `independent_probability` (what
/// the client computes itself when the call fails), `correlation_lift` and, per leg, its fair
/// probability and how it was priced.
package struct FairBetParlayRequest: Decodable, Sendable {
  package struct Leg: Decodable, Sendable {
    package let gameID: Int
    package let marketKey: String
    package let selectionKey: String
    package let lineValue: Double?
    enum CodingKeys: String, CodingKey {
      case gameID = "game_id", marketKey = "market_key", selectionKey = "selection_key", lineValue = "line_value"
    }

    package init(gameID: Int, marketKey: String, selectionKey: String, lineValue: Double?) {
      self.gameID = gameID
      self.marketKey = marketKey
      self.selectionKey = selectionKey
      self.lineValue = lineValue
    }

    /// A leg as a game page's form names it: `market_key|selection_key|line_value`; nil when
    /// it is not three parts with a number last.
    package init?(form value: String, gameID: Int) {
      let parts = value.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
      guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty, let line = Double(parts[2]), line.isFinite else { return nil }
      self.init(gameID: gameID, marketKey: parts[0], selectionKey: parts[1], lineValue: line)
    }

    /// The form value of a bet (`init(form:gameID:)` reads it back).
    package static func formValue(of bet: FairBetBet) -> String { "\(bet.marketKey)|\(bet.selectionKey)|\(bet.lineValue)" }
  }

  package let legs: [Leg]

  package init(legs: [Leg]) { self.legs = legs }

  package static let legCount = 2...20

  package static let fieldTypes = FieldTypes(
    fields: [("legs", .array)], required: ["legs"],
    keywords: [
      "legs": [
        "minItems": .integer(legCount.lowerBound), "maxItems": .integer(legCount.upperBound),
        "items": .object(
          ["game_id", "market_key", "selection_key"],
          ["game_id": .anyInteger, "market_key": .anyString, "selection_key": .anyString, "line_value": .numberOrNull]),
        "description": "bets of /api/fairbet/odds or /api/fairbet/live (a leg not on the board is a 422 naming it)",
      ]
    ])

  package static func decode(_ data: Data) throws(InputDecodingError) -> FairBetParlayRequest {
    try InputDecodingError.decode(FairBetParlayRequest.self, from: data)
  }

  /// The legs found in `catalog` (pre-game or in play at `now`) as the use case takes them, with
  /// their tiers; every leg that is not a priced bet is a problem naming it.
  package func resolve(in catalog: FairBetCatalog, now: Date, base: GameModel, options: SimulationOptions)
    -> (request: FairParlayRequest, tiers: [String?], problems: [FailureDocument.Problem])
  {
    var problems: [FailureDocument.Problem] = []
    // The count first, before any leg is looked up: the work is bounded before it starts.
    guard Self.legCount.contains(legs.count) else {
      problems.append(.init(field: "legs", value: "\(legs.count) legs", message: "a parlay has 2 to 20 legs"))
      return (FairParlayRequest(legs: [], mainLines: [:], base: base, options: options), [], problems)
    }
    // A leg twice, or two sides of one market (the parlay could never win), is refused.
    for j in legs.indices {
      for i in 0..<j where legs[i].gameID == legs[j].gameID && legs[i].marketKey == legs[j].marketKey {
        let lines = (legs[i].lineValue.map(abs), legs[j].lineValue.map(abs))
        guard lines.0 == lines.1 else { continue }
        let same = legs[i].selectionKey == legs[j].selectionKey && legs[i].lineValue == legs[j].lineValue
        let opposite = legs[i].selectionKey != legs[j].selectionKey
        if same || opposite {
          problems.append(
            .init(
              field: "legs[\(j)]", value: "\(legs[j].marketKey) \(legs[j].selectionKey)",
              message: same ? "the same bet as legs[\(i)]" : "the other side of legs[\(i)]'s market: the parlay cannot win"))
        }
      }
    }
    if !problems.isEmpty { return (FairParlayRequest(legs: [], mainLines: [:], base: base, options: options), [], problems) }
    var out: [FairParlayRequest.Leg] = []
    var tiers: [String?] = []
    var mainLines: [Int: (total: Double, spread: Double)] = [:]
    for (i, leg) in legs.enumerated() {
      let candidates = catalog.entries.filter {
        $0.bet.gameID == leg.gameID && $0.bet.marketKey == leg.marketKey && $0.bet.selectionKey == leg.selectionKey
          && (leg.lineValue == nil || abs($0.bet.lineValue - leg.lineValue!) < 1e-9)
          && (catalog.isPregame($0.game, now: now) || catalog.isInPlay($0.game, now: now))
      }
      let name = "legs[\(i)]"
      let text = "\(leg.gameID) \(leg.marketKey) \(leg.selectionKey)" + (leg.lineValue.map { " \($0)" } ?? "")
      guard let entry = candidates.first, candidates.count == 1 else {
        problems.append(
          .init(
            field: name, value: text,
            message: candidates.isEmpty
              ? "no such bet open now: see GET /api/fairbet/odds" : "several lines match: give line_value"))
        continue
      }
      guard let p = entry.bet.trueProb, entry.bet.hasFair else {
        problems.append(
          .init(field: name, value: text, message: "has no fair probability (\(entry.bet.evDisabledReason ?? "no reference"))"))
        continue
      }
      out.append(.init(game: leg.gameID, probability: p, market: Self.market(entry.bet), label: entry.bet.bet))
      tiers.append(entry.bet.evConfidenceTier)
      if mainLines[leg.gameID] == nil, let lines = Self.mainLines(of: leg.gameID, in: catalog) {
        mainLines[leg.gameID] = lines
      }
    }
    return (FairParlayRequest(legs: out, mainLines: mainLines, base: base, options: options), tiers, problems)
  }

  /// The game-model market of a bet: the game total, a spread or a moneyline; nil otherwise.
  static func market(_ bet: FairBetBet) -> ParlayLeg.Market? {
    let home = "team:" + FairBetGame.slug(bet.homeTeam), away = "team:" + FairBetGame.slug(bet.awayTeam)
    let team: ParlayLeg.Team? = bet.selectionKey == home ? .home : bet.selectionKey == away ? .away : nil
    switch (bet.marketKey, bet.selectionKey, team) {
    case ("totals", "total:over", _): return .total(.over, line: bet.lineValue)
    case ("totals", "total:under", _): return .total(.under, line: bet.lineValue)
    case ("spreads", _, let team?): return .spread(team, line: bet.lineValue)
    case ("h2h", _, let team?): return .moneyline(team)
    default: return nil
    }
  }

  /// A game's fair main total and home spread: the lines whose fair probability is nearest 1/2.
  static func mainLines(of game: Int, in catalog: FairBetCatalog) -> (total: Double, spread: Double)? {
    let bets = catalog.entries.map(\.bet).filter { $0.gameID == game && $0.hasFair && $0.trueProb != nil }
    func nearestHalf(_ list: [FairBetBet]) -> Double? {
      list.min { abs($0.trueProb! - 0.5) < abs($1.trueProb! - 0.5) }?.lineValue
    }
    guard let first = bets.first,
      let total = nearestHalf(bets.filter { $0.marketKey == "totals" && $0.selectionKey == "total:over" }),
      let spread = nearestHalf(bets.filter { $0.marketKey == "spreads" && $0.selectionKey == "team:" + FairBetGame.slug(first.homeTeam) })
    else { return nil }
    return (total, spread)
  }
}

package struct FairBetParlayResponse: Encodable, Sendable {
  package struct Leg: Encodable, Sendable {
    package let bet: String
    package let fairProbability: Double
    package let pricedBy: String
    enum CodingKeys: String, CodingKey { case bet, fairProbability = "fair_probability", pricedBy = "priced_by" }
  }

  package let fairProbability: Double
  package let fairAmericanOdds: Int
  package let confidence: String
  package let legCount: Int
  package let independentProbability: Double
  package let correlationLift: Double
  package let legs: [Leg]

  enum CodingKeys: String, CodingKey {
    case fairProbability = "fair_probability", fairAmericanOdds = "fair_american_odds", confidence
    case legCount = "leg_count", independentProbability = "independent_probability"
    case correlationLift = "correlation_lift", legs
  }

  package init(_ price: FairParlayPrice, request: FairParlayRequest, tiers: [String?]) {
    fairProbability = PythonRound.rounded(price.probability, 6)
    // A parlay's probability is in (0, 1): its fair price exists (clamped for a certain one).
    fairAmericanOdds = FairBetBet.fairAmerican(min(max(price.probability, 1e-6), 1 - 1e-6)) ?? 0
    let rank = ["full": 3, "decent": 2, "thin": 1]
    confidence = tiers.map { $0 ?? "none" }.min { (rank[$0] ?? 0) < (rank[$1] ?? 0) } ?? "none"
    legCount = request.legs.count
    independentProbability = PythonRound.rounded(price.independentProbability, 6)
    correlationLift = price.lift
    legs = zip(request.legs, price.pricedBy).map { Leg(bet: $0.label, fairProbability: $0.probability, pricedBy: $1) }
  }
}
