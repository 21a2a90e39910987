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
  /// picture). `ceiling` caps the simulations (a server's limit). A game in play is priced from
  /// its state on `periods` (the quarter model), as the slate priced it.
  package static func request(
    for game: SlateGame, seed: UInt64, threads: Int, policy: AdvicePolicy, ceiling: Int, periods: PeriodModel? = nil
  ) -> GamePricingRequest? {
    guard let model = game.model, let market = game.markets.total else { return nil }
    let options = SimulationOptions(simulations: min(simulations, max(1, ceiling)), seed: seed, threads: threads)
    var request = GamePricingRequest(
      model: model, market: market, options: options, policy: policy, scenarios: true, sensitivity: true, pictures: true,
      periodModel: periods)
    request.state = game.state
    return request
  }
}
