import OddsMath
import Simulation

/// One game of a priced slate in full, as its page shows it: the game's own model and totals
/// line priced again with more simulations, scenarios, sensitivity and the pictures' distributions,
/// under the same advice policy as the slate. The slate's summary stays the answer for the
/// game's markets; this adds what a summary leaves out.
package enum GameDetail {
  /// Simulations for a game's page: the pictures' histograms and the sensitivity's differences
  /// are smooth at 10^5.
  package static let simulations = 100_000

  /// The pricing request for `game`, or nil when it has no model or no totals line (nothing to
  /// picture). `ceiling` caps the simulations (a server's limit).
  package static func request(for game: SlateGame, seed: UInt64, threads: Int, policy: AdvicePolicy, ceiling: Int)
    -> GamePricingRequest?
  {
    guard let model = game.model, let market = game.markets.total else { return nil }
    let options = SimulationOptions(simulations: min(simulations, max(1, ceiling)), seed: seed, threads: threads)
    return GamePricingRequest(
      model: model, market: market, options: options, policy: policy, scenarios: true, sensitivity: true, pictures: true)
  }
}
