import Foundation
import OddsMath
import Simulation
import UseCases

/// A game's in-play and period fields, one reading for every body that carries them (a slate
/// file's game, the agent's simulate request):
///
///   "state": {"period": 3, "clock": "7:12", "home_score": 78, "away_score": 71}
///   "period_lines": {"h1": {"total": 112.5, "spread": -2.5, "home_total": 57.5}, "q1": {"total": 56.5}}
///
/// A period's sides may carry prices, named as the game's own (`over_odds`, `under_odds`,
/// `home_spread_odds`, `away_spread_odds`, `home_ml`, `away_ml`), plus `draw_ml` (a three-way
/// moneyline), each team's total's (`home_over_odds`, `home_under_odds`, `away_over_odds`,
/// `away_under_odds`) and `tie` (`push` or `lose`: what a two-way moneyline's level period
/// does); each side with a price is advised.
///
/// A bad value is refused naming its field (`state.clock`, `period_lines`), by the rules of
/// `GameState` and the period lines' ranges.
package enum InPlayFields {
  /// The JSON types of `state` and `period_lines` (the server's 422 and the OpenAPI document).
  package static let stateTypes = FieldTypes(
    fields: [("period", .integer), ("clock", .string), ("home_score", .integer), ("away_score", .integer)],
    required: ["period", "clock", "home_score", "away_score"],
    keywords: [
      "period": ["minimum": 1, "maximum": .integer(GameState.lastPeriod), "description": "1-4 the quarters, 5 the first overtime"],
      "clock": [
        "pattern": .string(GameState.clockPattern),
        "description": "time left in the period, within its length (12 minutes, 5 in overtime): M:SS (7:12) or seconds (45.3)",
      ],
      "home_score": ["minimum": 0, "maximum": .integer(GameState.maxScore)],
      "away_score": ["minimum": 0, "maximum": .integer(GameState.maxScore)],
    ])
  package static let periodLineTypes = FieldTypes(
    fields: GamePeriod.allCases.map { period in
      (
        period.rawValue,
        .object(
          FieldTypes(
            fields: PeriodLines.lineNames.map { ($0, .number) } + PeriodPricing.priceNames.map { ($0, .price) } + [("tie", .string)],
            keywords: [
              "tie": ["enum": ["push", "lose"], "description": "a two-way moneyline's level period: stakes back (push) or lost"],
              "draw_ml": ["description": "a three-way moneyline's draw"],
              "total": ["exclusiveMinimum": 0, "exclusiveMaximum": 1000],
              "spread": ["exclusiveMinimum": -100, "exclusiveMaximum": 100, "description": "the home team's (-2.5: home gives 2.5)"],
              "home_total": ["exclusiveMinimum": 0, "exclusiveMaximum": 1000, "description": "the home team's points in the period"],
              "away_total": ["exclusiveMinimum": 0, "exclusiveMaximum": 1000, "description": "the away team's points in the period"],
            ]))
      )
    })

  struct StateFields: Decodable {
    var period: Int
    var clock: String
    var homeScore: Int
    var awayScore: Int
    enum CodingKeys: String, CodingKey { case period, clock, homeScore = "home_score", awayScore = "away_score" }
  }

  /// One period's lines and prices: `{"total": 112.5, "spread": -2.5, "over_odds": -110}`, each
  /// optional.
  struct PeriodLines: Decodable {
    static let lineNames = PeriodPricing.Line.allCases.map(\.rawValue)
    var lines: [PeriodPricing.Line: Double] = [:]
    var prices = PeriodPrices()

    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: AnyKey.self)
      for line in PeriodPricing.Line.allCases {
        lines[line] = try c.decodeIfPresent(Double.self, forKey: AnyKey(line.rawValue))
      }
      let named = try PeriodPricing.priceNames.compactMap { name in
        try c.decodeIfPresent(PriceValue.self, forKey: AnyKey(name)).map { (name: name, odds: $0.odds) }
      }
      let tie = try c.decodeIfPresent(String.self, forKey: AnyKey("tie"))
      do throws(InputError) {
        prices = try PeriodPricing.prices(named, tie: tie, priceField: "price", tieField: "tie")
      } catch {
        throw DecodingError.dataCorruptedError(forKey: AnyKey("tie"), in: c, debugDescription: error.description)
      }
      let known = Set(Self.lineNames + ["tie"] + PeriodPricing.priceNames)
      if let unknown = c.allKeys.map(\.stringValue).first(where: { !known.contains($0) }) {
        throw DecodingError.dataCorruptedError(
          forKey: AnyKey(unknown), in: c,
          debugDescription: "unknown period field '\(unknown)' (known: \(known.sorted().joined(separator: ", ")))")
      }
    }
  }

  /// The `state` at `key`, checked; nil when absent.
  package static func state<K: CodingKey>(in c: KeyedDecodingContainer<K>, at key: K) throws -> GameState? {
    guard let s = try c.decodeIfPresent(StateFields.self, forKey: key) else { return nil }
    do throws(InputError) {
      return try GameState(period: s.period, clock: s.clock, homeScore: s.homeScore, awayScore: s.awayScore)
    } catch {
      guard case .invalid(let field, let value, let reason) = error else { throw error }
      throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "\(field) \(value): \(reason)")
    }
  }

  /// The periods asked at `key`, each with its lines, in period order; empty when absent.
  package static func periods<K: CodingKey>(in c: KeyedDecodingContainer<K>, at key: K) throws -> [PeriodQuote] {
    guard let lines = try c.decodeIfPresent([String: PeriodLines].self, forKey: key) else { return [] }
    func fail(_ message: String) -> DecodingError { DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: message) }
    var quotes: [PeriodQuote] = []
    for (name, l) in lines.sorted(by: { $0.key < $1.key }) {
      guard let period = GamePeriod(rawValue: name) else {
        throw fail("unknown period '\(name)' (known: \(GamePeriod.allCases.map(\.rawValue).joined(separator: ", ")))")
      }
      let quote = PeriodPricing.quote(period, lines: l.lines, prices: l.prices)
      do throws(InputError) { try PeriodPricing.checkLines(quote, field: { "\(name).\($0.rawValue)" }) } catch { throw fail(error.description) }
      quotes.append(quote)
    }
    return quotes
  }
}
