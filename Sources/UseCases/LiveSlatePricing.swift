import Foundation
import OddsMath
import Simulation

/// What the live sources read, once a refresh: the feed, what projects its games (team stats or
/// ratings fitted before the night), the night (`YYYY-MM-DD`, US Eastern) and, when one is read,
/// the live scoreboard.
package struct LiveSlateRequest: Sendable {
  package var feed: Feed
  package var projections: SlateProjections
  package var night: String
  package var scoreboard: Scoreboard?

  package init(feed: Feed, projections: SlateProjections, night: String, scoreboard: Scoreboard? = nil) {
    self.feed = feed
    self.projections = projections
    self.night = night
    self.scoreboard = scoreboard
  }
}

/// The live slate's job (`mcsim serve --odds`): the feed's games projected (`SlateAssembly`),
/// those of the night kept (the others listed, with their dates), each game the scoreboard shows
/// under way priced from its score and clock and a finished one that game's error
/// (`Scoreboard.apply`, as `slate --scoreboard`), priced on the live context (its model's fit,
/// its advice pooled at the fit's weights), and every bet of the same quotes against the sharp
/// books' consensus, with the model's in-play odds beside it on games under way
/// (`InPlayBoardGame`). Computed once a refresh, never per request; exact grading costs a few ms a
/// game, once. Testable without a socket: its inputs are values.
package struct LiveSlatePricing: Sendable {
  /// The slate priced, with the options it was priced with; the agent's games in the tonight
  /// endpoint's order, their advice fields by the context's rules.
  package let priced: PricedSlate
  /// The feed's games that found no place on the night's slate, each with why.
  package let unmatched: [UnmatchedGame]
  package let options: SimulationOptions
  /// Tonight's games as assembled (model and markets): what a game's page prices again.
  package let games: TonightGames
  /// The fair-odds report over the feed's quotes, its bets on the FairBet board: graded, by game.
  package let board: FairBoard
  /// The exact distributions of this pricing, for the next refresh's.
  package let exacts: KeptExactDistributions

  /// Prices the night's games of `request` at the default simulations with `seed` and
  /// `threads`, over the live context's model devigged by `quoting`'s policy, and evaluates the
  /// feed's quotes (its rejected ones carried) by `quoting`'s first method. `exacts`: the last
  /// refresh's exact distributions, of which the models still on the slate are not computed again.
  package init(
    _ request: LiveSlateRequest, context: PricingContext, quoting: FairQuoting, seed: UInt64, threads: Int,
    exacts: KeptExactDistributions = KeptExactDistributions()
  ) throws(InputError) {
    var slate = SlateAssembly.assemble(
      request.feed, from: request.projections, base: context.model, policy: quoting.policy, shift: context.statsShift
    ).on(day: request.night)
    request.scoreboard?.apply(to: &slate.games)
    unmatched = slate.unmatched
    options = SimulationOptions(simulations: Defaults.simulations, seed: seed, threads: threads)
    self.exacts = exacts
    var pricing = SlatePricing(options: options, policy: context.advice, agentAdvice: context.agentAdvice, exacts: exacts)
    var tonight = try pricing.price(SlatePricingRequest(games: slate.games, periodModel: context.periods))
    tonight.inTonightOrder()
    priced = tonight
    games = TonightGames(slate.games)
    let fair = quoting.evaluate(request.feed.quotes, rejected: request.feed.rejected, asOf: nil)[0]
    board = FairBoard(
      report: fair, games: FairBetGame.games(of: request.feed),
      inPlay: InPlayBoardGame.games(slate.games, quarters: context.periods, exacts: exacts))
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
