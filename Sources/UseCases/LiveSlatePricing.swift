import Foundation
import OddsMath
import Simulation

/// The live slate's job (`mcsim serve --odds`): tonight's games, as the feed and the projections
/// assembled them, priced on the live context (its model's fit, its advice pooled at the fit's
/// weights), and every bet of the same quotes against the sharp books' consensus. Computed once a
/// refresh, never per request; exact grading costs a few ms a game, once.
package struct LiveSlatePricing: Sendable {
  /// The slate priced, with the options it was priced with.
  package let priced: PricedSlate
  package let options: SimulationOptions
  /// Tonight's games as assembled (model and markets): what a game's page prices again.
  package let games: TonightGames
  /// The fair-odds report over the feed's quotes.
  package let fair: FairOddsReport
  /// The exact distributions of this pricing, for the next refresh's.
  package let exacts: KeptExactDistributions

  /// Prices `games` at the default simulations with `seed` and `threads`, and evaluates
  /// `quotes` (`rejected` carried) by `quoting`'s first method. `exacts`: the last refresh's
  /// exact distributions, of which the models still on the slate are not computed again.
  package init(
    games: [SlateGame], quotes: [Quote], rejected: [RejectedQuote], context: PricingContext, quoting: FairQuoting,
    seed: UInt64, threads: Int, exacts: KeptExactDistributions = KeptExactDistributions()
  ) throws(InputError) {
    options = SimulationOptions(simulations: Defaults.simulations, seed: seed, threads: threads)
    self.exacts = exacts
    var pricing = SlatePricing(options: options, policy: context.advice, exacts: exacts)
    priced = try pricing.price(SlatePricingRequest(games: games, periodModel: context.periods))
    self.games = TonightGames(games)
    fair = quoting.evaluate(quotes, rejected: rejected, asOf: nil)[0]
  }
}

/// Tonight's games as the live slate assembled them, by id (the first of a repeated id).
package struct TonightGames: Sendable {
  private let byID: [String: SlateGame]

  package init(_ games: [SlateGame]) {
    byID = Dictionary(games.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  package subscript(id: String) -> SlateGame? { byID[id] }
}
