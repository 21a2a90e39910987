import FantasyTrade
import Foundation

extension BenchmarkSuite {
  /// AFL trade search: every legal one-for-one trade of a squad against a pool, each simulated.
  static let tradeBatch = BenchmarkSuite(name: "trade-batch") { context in
    // A deterministic synthetic league: 800 players, a squad of 30 of them.
    var state: UInt64 = 0x1234_5678
    func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
    let positions = ["DEF", "MID", "RUC", "FWD", "MID"]
    let pool: [PlayerEntry] = (0..<800).map { i in
      let avg = 50 + 70 * unit()
      return .player(
        PlayerInput(
          id: PlayerID("p\(i)"), name: "Player \(i)", position: positions[Int(next() % 5)],
          price: Double(200_000 + (next() % 900) * 1000), breakeven: Double(Int(avg) + Int(next() % 40) - 20),
          projScores: (0..<5).map { _ in (avg + 20 * unit()).rounded() }, averageScore: avg))
    }
    let squad: [PlayerEntry] = stride(from: 0, to: 800, by: 27).prefix(30).map { .id(PlayerID("p\($0)")) }
    let search = try! TradeSearch(rosters: Rosters(squad: squad, pool: pool), options: .init(budget: 250_000, top: 10))
    let pairs = try! search.run(settings: nil).nCandidates
    let draws = context.quick ? 2_000 : 10_000
    let deterministic = BenchmarkContext.time(repeats: 5, perItem: 1e9) {
      precondition(try! search.run(settings: nil).nCandidates == pairs)
    }
    context.record(suite: "trade-batch", name: "\(pairs) pairs, deterministic (the original's formula)", unit: "s/search", samples: deterministic)
    let simulated = BenchmarkContext.time(repeats: 5, perItem: 1e9) {
      precondition(try! search.run(settings: SimulationSettings(simulations: draws, seed: 1)).nCandidates == pairs)
    }
    let median = BenchmarkContext.median(simulated)
    context.record(
      suite: "trade-batch", name: "\(pairs) pairs x \(draws) draws, all cores", unit: "s/search", samples: simulated,
      note: String(format: "%.1f ns per pair-draw", median * 1e9 / Double(pairs * draws)))
  }
}
