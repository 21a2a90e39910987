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

  package static let fieldTypes = FieldTypes(
    fields: [("legs", .array)], required: ["legs"],
    keywords: [
      "legs": [
        "minItems": .integer(FairBoard.parlayLegCount.lowerBound), "maxItems": .integer(FairBoard.parlayLegCount.upperBound),
        "items": .object(
          ["game_id", "market_key", "selection_key"],
          ["game_id": .anyInteger, "market_key": .anyString, "selection_key": .anyString, "line_value": .numberOrNull]),
        "description": "bets of /api/fairbet/odds or /api/fairbet/live (a leg not on the board is a 422 naming it)",
      ]
    ])

  package static func decode(_ data: Data) throws(InputDecodingError) -> FairBetParlayRequest {
    try InputDecodingError.decode(FairBetParlayRequest.self, from: data)
  }

  /// The legs as the board looks them up (`FairBoard.parlay`).
  package var queries: [FairParlayLeg] {
    legs.map { FairParlayLeg(gameID: $0.gameID, marketKey: $0.marketKey, selectionKey: $0.selectionKey, lineValue: $0.lineValue) }
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

  package init(_ price: FairParlayPrice, request: FairParlayRequest, tiers: [FairBoard.Tier?]) {
    fairProbability = PythonRound.rounded(price.probability, 6)
    // A parlay's probability is in (0, 1): its fair price exists (clamped for a certain one).
    fairAmericanOdds = FairBetBet.fairAmerican(min(max(price.probability, 1e-6), 1 - 1e-6)) ?? 0
    confidence = FairBoard.confidence(tiers)?.rawValue ?? "none"
    legCount = request.legs.count
    independentProbability = PythonRound.rounded(price.independentProbability, 6)
    correlationLift = price.lift
    legs = zip(request.legs, price.pricedBy).map { Leg(bet: $0.label, fairProbability: $0.probability, pricedBy: $1) }
  }
}
