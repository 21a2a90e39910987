import OddsMath
import Simulation

/// The betting agent's own advice on a totals line, as its code ran it (`AgentAdviceRules.agent`):
/// its EV metrics at a quarter Kelly capped at 5%, on the simulated probabilities rounded to 4
/// places first, and its verdict on those edges rounded the same. One rule, for every answer
/// that fills the agent's fields with it (simulate, batch, tonight).
package enum AgentAdvice {
  /// The agent's Kelly: a quarter of full Kelly, at most 5% of the bankroll.
  package static let kelly = KellyPolicy(fraction: 0.25, cap: 0.05)

  /// The metrics and verdict of a line at `overOdds` and `underOdds`, its simulated
  /// probabilities `pOver`, `pUnder`, `pPush`.
  package static func totals(pOver: Double, pUnder: Double, pPush: Double, overOdds: Odds, underOdds: Odds)
    -> (metrics: TotalsEVMetrics, verdict: TotalsVerdict)
  {
    let r = { PythonRound.rounded($0, 4) }
    let metrics = TotalsEVMetrics(pOver: r(pOver), pUnder: r(pUnder), pPush: r(pPush), overOdds: overOdds, underOdds: underOdds, kelly: kelly)
    return (metrics, TotalsVerdict(edgeOver: r(metrics.edgeOver), edgeUnder: r(metrics.edgeUnder)))
  }

  /// The agent's `edge` of a game: round(round(mean total, 1) - line, 1), the simulated mean with
  /// overtime; nil without a line or a simulation.
  package static func edge(of game: SlateGameResult) -> Double? {
    guard let mc = game.monteCarlo, let line = game.line else { return nil }
    return PythonRound.rounded(PythonRound.rounded(mc.meanTotal, 1) - line, 1)
  }

  /// Tonight's order, the agent's: games by the size of their edge, largest first; games without
  /// a line last; ties in the order given.
  package static func byEdge(_ games: [AgentSlateGame]) -> [AgentSlateGame] {
    games.enumerated().sorted { a, b in
      let ea = abs(a.element.edge ?? 0), eb = abs(b.element.edge ?? 0)
      return ea != eb ? ea > eb : a.offset < b.offset
    }.map(\.element)
  }
}
