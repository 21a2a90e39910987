import FantasyTrade
import Foundation
import ServiceContracts
import TestSupport
import XCTest

/// The batch: legality, skipped players, agreement with the single-trade answers, and
/// independence from thread count and file order.
final class TradeSearchTests: XCTestCase {
  static let positions = ["DEF", "MID", "RUC", "FWD", "MID/FWD"]

  static func pool(_ count: Int, seed: UInt64, sd: Double? = nil) -> [PlayerEntry] {
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { i in
      let avg = 50 + 70 * rng.unit()
      return .player(
        PlayerInput(
          id: PlayerID("p\(i)"), name: "Player \(i)", position: positions[Int(rng.next() % 5)],
          price: Double(200_000 + (rng.next() % 900) * 1000), breakeven: Double(Int(avg) + Int(rng.next() % 40) - 20),
          projScores: (0..<5).map { _ in (avg + 20 * rng.unit()).rounded() }, injuryStatus: rng.next() % 8 == 0 ? "Injured" : nil,
          averageScore: avg, ownership: 100 * rng.unit(), scoreSD: sd))
    }
  }

  static func squadIDs(_ ids: [Int]) -> [PlayerEntry] { ids.map { .id(PlayerID("p\($0)")) } }

  func testOnlyLegalTradesAreCandidates() throws {
    let pool = Self.pool(120, seed: 1)
    let rosters = Rosters(squad: Self.squadIDs(Array(0..<10)), pool: pool)
    let search = try TradeSearch(rosters: rosters, options: .init(budget: 150_000, top: nil))
    var expected = 0
    for out in rosters.squad {
      for incoming in rosters.pool where !rosters.squad.contains(where: { $0.id == incoming.id }) {
        let shared = !incoming.positions.isDisjoint(with: out.positions)
        if incoming.player.price <= out.player.price + 150_000 && shared { expected += 1 }
      }
    }
    let result = try search.run(settings: nil)
    XCTAssertEqual(result.nCandidates, expected)
    XCTAssertEqual(result.trades.count, expected)
    for t in result.trades {
      XCTAssertLessThanOrEqual(t.netCost, 150_000)
      XCTAssertFalse((0..<10).map { "p\($0)" }.contains(t.playerIn.id.text))
    }
  }

  /// Deterministic batch entries are the original's numbers for the same pair.
  func testDeterministicEntriesAreTheOriginal() throws {
    let rosters = Rosters(squad: Self.squadIDs([0, 1, 2]), pool: Self.pool(60, seed: 2))
    let result = try TradeSearch(rosters: rosters, options: .init(budget: 1_000_000, top: nil)).run(settings: nil)
    let byID = Dictionary(rosters.pool.map { ($0.id, $0.player) }, uniquingKeysWith: { a, _ in a })
    for t in result.trades {
      let original = Trade(playerIn: byID[t.playerIn.id]!, playerOut: byID[t.playerOut.id]!, context: .original).original
      XCTAssertEqual(t.tradeScore, original.tradeScore)
      XCTAssertEqual(t.overallScore, original.overallScore)
      XCTAssertEqual(t.verdict, original.verdict)
      XCTAssertEqual(t.recommendation, original.recommendation)
    }
    XCTAssertEqual(result.trades.map(\.expectedGain), result.trades.map(\.expectedGain).sorted(by: >))
  }

  /// Bad players are reported with their field and skipped; the others are still evaluated.
  func testBadPlayersAreSkipped() throws {
    let json = Data(
      """
      [{"id": 1, "name": "Good", "position": "MID", "price": 500000, "breakeven": 80, "proj_scores": [90, 90, 90, 90, 90]},
       {"id": 2, "name": "Negative", "position": "MID", "price": -1, "breakeven": 80, "proj_scores": [90, 90, 90, 90, 90]},
       {"id": 3, "name": "Six", "position": "MID", "price": 500000, "breakeven": 80, "proj_scores": [1, 2, 3, 4, 5, 6]},
       {"id": 4, "name": "Typed", "position": "MID", "price": "cheap", "breakeven": 80, "proj_scores": [90]},
       {"name": "No id", "position": "MID", "price": 500000, "breakeven": 80, "proj_scores": [90]},
       {"id": 6, "name": "Short", "position": "MID", "price": 450000, "breakeven": 80, "proj_scores": [80, 100]},
       {"id": 7, "name": "Kept", "position": "MID", "price": 400000, "breakeven": 80, "proj_scores": [70, 70, 70, 70, 70]}]
      """.utf8)
    let pool = try JSONDecoder().decode(PoolFile.self, from: json)
    let squad = try JSONDecoder().decode(SquadFile.self, from: Data(#"{"current_team": [7, 99], "budget": 200000}"#.utf8))
    let rosters = Rosters(squad: squad.currentTeam, pool: pool.players)
    XCTAssertEqual(
      rosters.skipped.map(\.field), ["pool[1].price", "pool[2].proj_scores", "pool[3].price", "pool[4].id", "squad[1]"])
    XCTAssertEqual(rosters.skipped[0].value, "-1")
    XCTAssertEqual(rosters.skipped[4].reason, "is not a player of the pool")
    // A short list is padded with its mean: [80, 100, 90, 90, 90].
    XCTAssertEqual(rosters.pool.first { $0.id.text == "6" }?.player.projectedScores, [80, 100, 90, 90, 90])
    let result = try TradeSearch(rosters: rosters, options: .init(budget: squad.budget!)).run(
      settings: SimulationSettings(simulations: 1000, seed: 1))
    XCTAssertEqual(Set(result.trades.map(\.playerIn.id.text)), ["1", "6"])
    XCTAssertEqual(result.skipped.count, 5)
    XCTAssertThrowsError(try TradeSearch(rosters: rosters, options: .init(playerInID: "2"))) {
      XCTAssertEqual($0 as? TradeInputError, .unknownPlayer(field: "player_in_id", id: "2"))
    }
  }

  /// Each player has his own stream: the same answer for any thread count and any pool order.
  func testIndependentOfThreadsAndOrder() throws {
    let pool = Self.pool(80, seed: 3)
    let squad = Self.squadIDs([0, 5, 9])
    let settings = SimulationSettings(simulations: 3000, seed: 9, threads: 1)
    var parallel = settings
    parallel.threads = 4
    let one = try TradeSearch(rosters: Rosters(squad: squad, pool: pool), options: .init(budget: 300_000, top: nil)).run(settings: settings)
    let four = try TradeSearch(rosters: Rosters(squad: squad, pool: pool.reversed()), options: .init(budget: 300_000, top: nil))
      .run(settings: parallel)
    XCTAssertEqual(one.trades, four.trades)
  }

  /// Batch confidence agrees with the closed form within 4 SE, and with zero noise the expected
  /// gain is the original's overall score exactly.
  func testAgreesWithClosedFormAndZeroNoise() throws {
    let entry = { (id: String, proj: [Double], be: Double, price: Double, sd: Double, q: Double) in
      PlayerEntry.player(
        PlayerInput(id: PlayerID(id), price: price, breakeven: be, projScores: proj, scoreSD: sd, missProbability: q))
    }
    let n = 200_000
    let pool = [entry("a", [100, 95, 110, 105, 98], 90, 900_000, 25, 0), entry("b", [104, 112, 99, 108, 101], 100, 800_000, 20, 0.3)]
    let rosters = Rosters(squad: [.id("b")], pool: pool)
    let t = try TradeSearch(rosters: rosters, options: .init(budget: 500_000)).run(settings: SimulationSettings(simulations: n, seed: 4)).trades[0]
    let w = TradeContext.original.weights
    let p = Exact.confidence(
      ExactPlayer(proj: [100, 95, 110, 105, 98], breakeven: 90, sd: 25, q: 0),
      ExactPlayer(proj: [104, 112, 99, 108, 101], breakeven: 100, sd: 20, q: 0.3), ws: w.scoring, wc: w.cash)
    XCTAssertEqual(t.confidence, p, accuracy: 4 * (p * (1 - p) / Double(n)).squareRoot())

    let still = Rosters(
      squad: [.id("d")],
      pool: [entry("c", [90.3, 95.1, 101.7, 88.8, 93.9], 91, 700_000, 0, 0), entry("d", [92.2, 90.4, 97.6, 91.1, 99.5], 96, 650_000, 0, 0)])
    let zero = try TradeSearch(rosters: still, options: .init(budget: 100_000)).run(settings: SimulationSettings(simulations: 5000, seed: 4)).trades[
      0]
    let figures = TradeFigures(playerIn: still.pool[0].player, playerOut: still.pool[1].player, context: .original)
    XCTAssertEqual(zero.expectedGain, figures.overallScore)
    XCTAssertEqual(zero.confidence, figures.overallScore > 0 ? 1 : 0)
  }
}
