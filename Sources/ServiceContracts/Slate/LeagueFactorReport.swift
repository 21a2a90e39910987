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
