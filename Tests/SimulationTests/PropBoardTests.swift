import Foundation
import Multivariate
import OddsMath
import Simulation
import XCTest

/// The props board's team totals.
final class PropBoardTests: XCTestCase {
  /// The team totals are at the half-point line nearest each projection, floor(m) + 0.5:
  /// 115.3 and 111.8 give 115.5 and 111.5 (not 114.5 and 111.5).
  func testTeamTotalLinesAreTheNearestHalfPoints() throws {
    let board = try PropBoard.price(
      model: GameModel(homeMean: 115.3, awayMean: 111.8),
      players: [PlayerProjection(name: "A", stat: .points, team: .home, mean: 20, sd: 6)],
      offers: [PropOffer(player: "A", stat: .points, side: .over, line: 19.5, book: "b", price: try Odds(decimal: 1.9))],
      options: SimulationOptions(simulations: 10_000, seed: 1, threads: 1))
    XCTAssertEqual(board.teamTotals.map(\.line), [115.5, 111.5])
  }
}
