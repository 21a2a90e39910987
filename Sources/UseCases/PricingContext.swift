import Calibration
import OddsMath
import Simulation

/// What a long-running service prices on, resolved once at its start (`mcsim serve`): the model
/// its games start from (means unused), the quarter model of `state` and `period_lines`, the
/// advice policy, whose rules fill the agent's advice fields, and for games it projects itself
/// (the live slate) the ratings' settings, the stats formula's shift and what it all stands on.
/// The server holds two: the agent's endpoints' and the live slate's.
package struct PricingContext: Sendable {
  package var model = Defaults.agentModel
  /// Nil refuses `state` and `period_lines` (`--model seed` has no quarters).
  package var periods: PeriodModel?
  package var advice = Defaults.advice
  package var agentAdvice = AgentAdviceRules.agent
  package var ratings = RatingsSettings.defaults
  package var statsShift = ProjectionShift.none
  /// What the answers stand on (the model's fit named, its notes), as they say.
  package var provenance: Provenance?

  package init() {}

  /// The names of whose rules may fill the agent's advice fields (`agent`, `mcsim`).
  package static let agentAdviceNames = AgentAdviceRules.allCases.map(\.rawValue)
  /// The default's name (the agent's own rules).
  package static let agentAdviceDefault = PricingContext().agentAdvice.rawValue

  /// A resolved model's context: its model and quarters, the ratings' settings and the shift of
  /// its fit, with `advice` (pooled at the fit's weights or not: `AdviceSettings.policy`).
  package init(context: RunContext, model resolved: ResolvedModel, advice: AdvicePolicy, agentAdvice: AgentAdviceRules = .agent) {
    model = context.model
    periods = resolved.periods
    self.advice = advice
    self.agentAdvice = agentAdvice
    ratings = resolved.ratings
    statsShift = resolved.shift
    provenance = context.provenance
  }
}
