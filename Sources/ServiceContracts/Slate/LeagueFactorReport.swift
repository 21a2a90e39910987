import Foundation
import OddsMath
import Simulation
import UseCases

/// The `league_factor` block of `mcsim slate --league-factor F [--bets FILE]`: the distribution of
/// the number of overs that hit when the games share a scoring environment, against independent
/// games, and the joint probability of the user's bets.
package struct LeagueFactorReport: Encodable, Sendable {
  package let leagueFactor: Double
  package let games: [String]
  /// overs_hit[k]: P(exactly k of the games go over their total line).
  package let oversHit: [Double]
  package let expectedOvers: Double
  package let allOvers: Double
  package let allOversIfIndependent: Double
  package let bets: ParlayResponse?
  /// Games with a total line left out of the joint simulation, each with why (not priced).
  package let leftOut: [String]

  enum CodingKeys: String, CodingKey {
    case leagueFactor = "league_factor", games, oversHit = "overs_hit", expectedOvers = "expected_overs"
    case allOvers = "all_overs", allOversIfIndependent = "all_overs_if_independent", bets
    case leftOut = "left_out"
  }

  package init(_ f: SlateFactor, leftOut: [String] = []) {
    self.leftOut = leftOut
    leagueFactor = f.overs.parlay.leagueFactor ?? 0
    games = f.overs.parlay.gameNames
    oversHit = f.overs.wonDistribution
    expectedOvers = oversHit.enumerated().reduce(0) { $0 + Double($1.offset) * $1.element }
    allOvers = f.overs.jointProbability
    allOversIfIndependent = f.overs.independentProbability
    bets = f.bets.map { ParlayResponse(PricedParlay(result: $0)) }
  }
}

/// The bets file of `mcsim slate --bets FILE`: a list of legs on the slate's games, as a parlay
/// file writes them (`[{"game": "g1", "leg": "over:225.5"}, ...]`, or `{"legs": [...]}`).
package enum SlateBets {
  private struct Wrapped: Decodable { var legs: [ParlayDraft.Leg] }

  package static func decode(_ data: Data) throws(InputDecodingError) -> [ParlayDraft.Leg] {
    if let list = try? InputDecodingError.decode([ParlayDraft.Leg].self, from: data) { return list }
    return try InputDecodingError.decode(Wrapped.self, from: data).legs
  }

  /// The bets read: each leg's text parsed (errors naming `bets[i]`); which game each names is
  /// checked against the games that price together (`SlatePricing`).
  package static func bets(_ raw: [ParlayDraft.Leg]) throws(InputError) -> [SlateBet] {
    var out: [SlateBet] = []
    for (i, l) in raw.enumerated() {
      let leg = try ParlayLegSyntax.leg(l.leg, field: "bets[\(i)]")
      guard !leg.isPlayerLeg else {
        throw .invalid(field: "bets[\(i)]", value: "'\(l.leg)'", reason: "a slate's bets are on the games' scores (player props go in a parlay file)")
      }
      out.append(SlateBet(game: l.game, leg: leg))
    }
    return out
  }
}
