import OddsMath
import Simulation

/// A game's player props priced from projections and made a card of bets: `mcsim props`. The
/// game's scores and every projected player's stats are simulated together (the multivariate
/// path), so props and team totals agree; each price's advice stands on the simulated
/// probability, gated by its EV interval and by the gap to its line's consensus devigged market;
/// one stake per selection, within the exposure cap (`PropCard`).
package struct PropsPricingRequest: Sendable {
  package var projection: GameProjection
  /// The model the game's projection goes over (`RunContext`).
  package var base: GameModel
  package var players: [PlayerProjection]
  package var offers: [PropOffer]
  package var options: SimulationOptions
  package var policy: AdvicePolicy
  /// Which books are sharp, for the consensus each price is gated against.
  package var fair: FairOddsPolicy

  package init(
    projection: GameProjection, base: GameModel, players: [PlayerProjection], offers: [PropOffer],
    options: SimulationOptions, policy: AdvicePolicy = Defaults.advice, fair: FairOddsPolicy = FairOddsPolicy()
  ) {
    self.projection = projection
    self.base = base
    self.players = players
    self.offers = offers
    self.options = options
    self.policy = policy
    self.fair = fair
  }
}

package enum PropsPricing {
  package static func price(_ request: PropsPricingRequest) throws(InputError) -> PropCard {
    let model = try request.projection.model(over: request.base)
    try model.validate()
    let board = try PropBoard.price(
      model: model, players: request.players, offers: request.offers, options: request.options, policy: request.policy,
      market: PropCard.consensus(request.offers, policy: request.fair))
    return PropCard(board, policy: request.policy)
  }
}
