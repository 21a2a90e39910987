import Foundation
import OddsMath
import Simulation
import UseCases
import XCTest

final class LineMoveTests: XCTestCase {
  func evaluate(_ games: [SlateGame], _ evaluator: inout SlateEvaluator) throws -> [SlateGameResult] {
    try evaluator.evaluate(games).games
  }

  func game(_ id: String, line: Double, over: Double = 1.91) throws -> SlateGame {
    SlateGame(
      id: id, homeAbbr: "BOS", awayAbbr: "MIA", model: GameModel(homeMean: 115, awayMean: 110),
      markets: GameMarkets(total: TotalsMarket(line: line, overOdds: try Odds(decimal: over))))
  }

  /// Only games whose line, price or verdict changed are reported, with the move; kept histograms
  /// mean an unchanged game is priced identically.
  func testOnlyChangedGamesAreReported() throws {
    var evaluator = SlateEvaluator(options: SimulationOptions(simulations: 20_000, seed: 5, threads: 2))
    let first = try evaluate([try game("a", line: 225.5), try game("b", line: 219.5)], &evaluator)
    let second = try evaluate([try game("a", line: 225.5), try game("b", line: 221.5, over: 1.95), try game("c", line: 230)], &evaluator)
    XCTAssertEqual(first[0].monteCarlo?.pOver, second[0].monteCarlo?.pOver)
    let moves = LineMove.moves(from: first, to: second)
    XCTAssertEqual(moves.map(\.gameID), ["b", "c"])
    XCTAssertEqual(moves[0].kind, .moved)
    let fields = moves[0].changes.map { "\($0.market) \($0.field)" }
    XCTAssertTrue(fields.contains("total line"))
    XCTAssertTrue(fields.contains("total over"))
    XCTAssertEqual(moves[0].changes.first { $0.field == "line" }?.from, "219.5")
    XCTAssertEqual(moves[0].changes.first { $0.field == "line" }?.to, "221.5")
    XCTAssertEqual(moves[1].kind, .new)
    let gone = LineMove.moves(from: second, to: [second[0]])
    XCTAssertEqual(gone.map(\.kind), [.removed, .removed])
    XCTAssertEqual(LineMove.moves(from: second, to: second).count, 0)
  }
}
