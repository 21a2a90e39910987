import Foundation
import OddsMath
import Simulation
import UseCases

/// The `league_factor` block of `mcsim slate --league-factor F [--bets FILE]`: the distribution of
/// the number of overs that hit when the games share a scoring environment, against independent
/// games, and the joint probability of the user's bets.
public struct LeagueFactorReport: Encodable, Sendable {
  public let leagueFactor: Double
  public let games: [String]
  /// overs_hit[k]: P(exactly k of the games go over their total line).
  public let oversHit: [Double]
  public let expectedOvers: Double
  public let allOvers: Double
  public let allOversIfIndependent: Double
  public let bets: ParlayResponse?
  /// Games with a total line left out of the joint simulation, each with why (not priced).
  public let leftOut: [String]

  enum CodingKeys: String, CodingKey {
    case leagueFactor = "league_factor", games, oversHit = "overs_hit", expectedOvers = "expected_overs"
    case allOvers = "all_overs", allOversIfIndependent = "all_overs_if_independent", bets
    case leftOut = "left_out"
  }

  public init(_ f: SlateFactor, leftOut: [String] = []) {
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
public enum SlateBets {
  private struct Wrapped: Decodable { var legs: [ParlayRequest.Leg] }

  public static func decode(_ data: Data) throws(InputDecodingError) -> [ParlayRequest.Leg] {
    if let list = try? InputDecodingError.decode([ParlayRequest.Leg].self, from: data) { return list }
    return try InputDecodingError.decode(Wrapped.self, from: data).legs
  }

  /// The legs on the games named `gameNames` (their ids), errors naming `bets[i]`.
  public static func legs(_ raw: [ParlayRequest.Leg], gameNames: [String]) throws(InputError) -> [ParlayLeg] {
    guard !raw.isEmpty else { throw .invalid(field: "bets", value: "[]", reason: "give at least one bet") }
    var out: [ParlayLeg] = []
    for (i, l) in raw.enumerated() {
      var leg = try ParlayLegSyntax.leg(l.leg, field: "bets[\(i)]")
      guard !leg.isPlayerLeg else {
        throw .invalid(field: "bets[\(i)]", value: "'\(l.leg)'", reason: "a slate's bets are on the games' scores (player props go in a parlay file)")
      }
      guard let id = l.game, let g = gameNames.firstIndex(of: id) else {
        throw .invalid(
          field: "bets[\(i)].game", value: l.game ?? "none",
          reason: "must name a game of the slate with a total line: \(gameNames.joined(separator: ", "))")
      }
      leg.game = g
      out.append(leg)
    }
    return out
  }
}
