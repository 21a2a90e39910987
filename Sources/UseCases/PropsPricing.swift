import OddsMath
import Simulation

/// A game's player props priced from projections, every book's price staked by the advice
/// policy: `mcsim props`. The game's scores and every projected player's stats are simulated
/// together (the multivariate path), so props and team totals agree; each price's stake stands
/// on the simulated probability, gated by its EV interval and by the gap to the same book's
/// devigged two-way price (`PropBoard`, `SideAdvice`).
package struct PropsPricingRequest: Sendable {
  package var projection: GameProjection
  /// The model the game's projection goes over (`RunContext`).
  package var base: GameModel
  package var players: [PlayerProjection]
  package var offers: [PropOffer]
  package var options: SimulationOptions
  package var policy: AdvicePolicy

  package init(
    projection: GameProjection, base: GameModel, players: [PlayerProjection], offers: [PropOffer],
    options: SimulationOptions, policy: AdvicePolicy = Defaults.advice
  ) {
    self.projection = projection
    self.base = base
    self.players = players
    self.offers = offers
    self.options = options
    self.policy = policy
  }
}

package enum PropsPricing {
  package static func price(_ request: PropsPricingRequest) throws(InputError) -> PropBoard {
    let model = try request.projection.model(over: request.base)
    try model.validate()
    return try PropBoard.price(
      model: model, players: request.players, offers: request.offers, options: request.options, policy: request.policy)
  }
}
