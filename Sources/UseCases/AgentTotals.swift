import OddsMath
import Simulation

/// What fills the betting agent's advice fields of one totals line (`ev_metrics`, `verdict`,
/// `our_ev`, `our_kelly`), by the rules configured (`AgentAdviceRules`): the agent's own
/// (`AgentAdvice.totals`) or mcsim's policy, whose metrics and verdict the pricing already holds.
/// The use case that priced the game computes it; the contracts only map it.
package struct AgentTotals: Hashable, Sendable {
  package let rules: AgentAdviceRules
  package let metrics: TotalsEVMetrics
  package let verdict: TotalsVerdict

  /// One priced game's line (`GamePricing`).
  package init(_ report: GameReport, rules: AgentAdviceRules) {
    self.rules = rules
    let used = report.evMetrics.oddsUsed
    guard rules == .agent, let over = try? Odds(decimal: used.over), let under = try? Odds(decimal: used.under) else {
      (metrics, verdict) = (report.evMetrics, report.verdict)
      return
    }
    let s = report.simulation
    (metrics, verdict) = AgentAdvice.totals(pOver: s.pOver, pUnder: s.pUnder, pPush: s.pPush, overOdds: over, underOdds: under)
  }

  /// A slate's game (`SlatePricing`); nil for a game without priced totals.
  package init?(_ game: SlateGameResult, rules: AgentAdviceRules) {
    guard let mcsim = game.evMetrics, let mc = game.monteCarlo, let over = game.overOdds, let under = game.underOdds,
      let overOdds = try? Odds(decimal: over), let underOdds = try? Odds(decimal: under)
    else { return nil }
    self.rules = rules
    switch rules {
    case .agent:
      (metrics, verdict) = AgentAdvice.totals(
        pOver: mc.pOver, pUnder: mc.pUnder, pPush: mc.pPush, overOdds: overOdds, underOdds: underOdds)
    case .mcsim:
      (metrics, verdict) = (mcsim, game.verdict)
    }
  }
}
