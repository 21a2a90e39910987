import Foundation
import OddsMath
import Simulation
import UseCases

/// The slate's JSON: the betting agent's batch response (docs/contracts.md, "Betting agent": `success`,
/// `n_games`, `n_sims_per_game`, `games`) with the tonight endpoint's `n_simulations` and
/// `methodology`, and mcsim's additions: `seed`, `threads`, `elapsed_ms`, `n_failed` (games with
/// an `error`), `unmatched` (feed games that found no place on the slate), and `inputs` (where
/// the games, lines and stats came from, with what their decoders skipped or noted).
package struct SlateResponse: Sendable, Encodable {
  package let success = true
  /// The games with the advice in the agent's fields (`PricedSlate.agentGames`), in the order the
  /// pricing gave them (the agent's tonight order on the live slate).
  package let agentGames: [AgentSlateGame]
  package var games: [SlateGameResult] { agentGames.map(\.result) }
  package let nSimsPerGame: Int
  package let seed: UInt64
  package let threads: Int
  package let elapsedMs: Double
  package let unmatched: [UnmatchedGame]
  package let methodology: Methodology
  package let inputs: Inputs
  /// The slate's stakes added up: a fraction of bankroll, and in money.
  package let totalExposureFraction: Double
  package let bankroll: Double
  package let exposureScaled: Bool
  /// `--league-factor`: the games simulated together with a shared scoring environment.
  package var leagueFactor: LeagueFactorReport?
  /// What the input holds that was read but may not be what was meant (an ambiguous price, in
  /// `PriceWarningText`'s words); omitted when empty.
  package var warnings: [String] = []
  /// On the command line, what the run stood on (config file, model file, who set what).
  package var provenance: Provenance?
  /// The endpoint whose units the agent's fields take: the batch's unless the server says
  /// otherwise (whose rules fill them is the pricing's).
  package var endpoint = AgentEndpoint.batch
  package var totalExposure: Double { totalExposureFraction * bankroll }

  package var nGames: Int { agentGames.count }
  package var nFailed: Int { agentGames.filter(\.result.failed).count }

  /// A priced slate, its league factor block included.
  package init(
    _ priced: PricedSlate, options: SimulationOptions, unmatched: [UnmatchedGame], methodology: Methodology, inputs: Inputs
  ) {
    let evaluation = priced.evaluation
    agentGames = priced.agentGames
    nSimsPerGame = options.simulations
    seed = options.seed
    threads = options.threads
    elapsedMs = evaluation.elapsedSeconds * 1000
    self.unmatched = unmatched
    self.methodology = methodology
    self.inputs = inputs
    totalExposureFraction = evaluation.totalExposure
    bankroll = methodology.advice.policy.bankroll
    exposureScaled = evaluation.scaledToCap
    leagueFactor = priced.leagueFactor.map { LeagueFactorReport($0, leftOut: priced.leftOut) }
  }

  enum CodingKeys: String, CodingKey {
    case success, nGames = "n_games", nSimsPerGame = "n_sims_per_game", nSimulations = "n_simulations", games
    case seed, threads, elapsedMs = "elapsed_ms", nFailed = "n_failed", unmatched, methodology, inputs
    case totalExposure = "total_exposure", totalExposureFraction = "total_exposure_fraction", bankroll
    case exposureScaled = "exposure_scaled", leagueFactor = "league_factor", message, warnings, provenance
  }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(success, forKey: .success)
    try c.encode(nGames, forKey: .nGames)
    try c.encode(nSimsPerGame, forKey: .nSimsPerGame)
    try c.encode(nSimsPerGame, forKey: .nSimulations)
    try c.encode(agentGames.map { SlateGameWire($0, endpoint: endpoint) }, forKey: .games)
    try c.encode(seed, forKey: .seed)
    try c.encode(threads, forKey: .threads)
    try c.encode(elapsedMs, forKey: .elapsedMs)
    try c.encode(nFailed, forKey: .nFailed)
    try c.encode(unmatched, forKey: .unmatched)
    try c.encode(methodology, forKey: .methodology)
    try c.encode(inputs, forKey: .inputs)
    try c.encode(totalExposure, forKey: .totalExposure)
    try c.encode(totalExposureFraction, forKey: .totalExposureFraction)
    try c.encode(bankroll, forKey: .bankroll)
    try c.encode(exposureScaled, forKey: .exposureScaled)
    if let leagueFactor { try c.encode(leagueFactor, forKey: .leagueFactor) }
    if !warnings.isEmpty { try c.encode(warnings, forKey: .warnings) }
    try c.encodeIfPresent(provenance, forKey: .provenance)
    // The agent's tonight said so on an empty night (its page shows "No Games Tonight").
    if endpoint == .tonight && games.isEmpty { try c.encode("No games scheduled for today", forKey: .message) }
  }

  /// The tonight endpoint's `methodology`, in words, for the slate's base model.
  package struct Methodology: Sendable, Encodable {
    package let projection: String
    package let simulation: String
    package let overtime: String
    package let correlation: String
    /// mcsim's: the advice's thresholds and the config file read.
    package let advice: AdviceMethodology

    enum CodingKeys: String, CodingKey { case projection, simulation, overtime, correlation, advice }

    /// Where the games' projections come from.
    package enum Projections: Sendable {
      /// As given per game (a slate file).
      case given
      /// The agent's formula over team stats.
      case stats
      /// Each game's own total and spread (`MarketImpliedMeans`).
      case market
      /// Team ratings fitted on results before the day (`TeamRatings`).
      case ratings(asOf: String)
    }

    package init(base: GameModel, options: SimulationOptions, projections: Projections, advice: AdvicePolicy = AdvicePolicy()) {
      self.advice = AdviceMethodology(advice)
      switch projections {
      case .stats:
        projection = "Home: (Home PPG + Away OppPPG) / 2; Away: (Away PPG + Home OppPPG) / 2; projected total = their sum"
      case .given:
        projection = "Projections as given per game (from team stats by the agent's formula where a game gives ppg instead)"
      case .ratings(let day):
        projection =
          "Team ratings fitted on the results before \(day) (offense, defense, home advantage, back-to-backs; regularised least squares): Home = league + home advantage / 2 + Home offense - Away defense, Away likewise"
      case .market:
        projection =
          "Market-implied: the means under which each game's own total and spread are fair lines of the model's exact distribution; the moneyline and the other markets are priced consistently with them"
      }
      let family = base.skewness == 0 ? "Correlated bivariate normal" : "Correlated bivariate skew-normal"
      simulation = "\(family), \(options.simulations) simulations per game, seed \(options.seed); scores rounded to whole points"
      let o = base.overtime
      let totals: String
      switch o.kind {
      case .flat:
        totals = String(format: "%g%% probability, +%g points average (sd %g)", 100 * o.rate, o.points, o.sd)
      case .tie:
        totals = String(format: "played when regulation ends level: periods of %g points (sd %g) until a team leads", o.points, o.sd)
      case .none:
        totals = "none: regulation scores are final"
      }
      overtime = totals + (o.kind == .tie ? "" : "; spreads and moneylines are priced with overtime played when regulation ends level")
      correlation = String(format: "%g score correlation between teams", base.correlation)
    }
  }

  /// Where the slate came from.
  package struct Inputs: Sendable, Encodable {
    package var slate: String?
    package var odds: String?
    package var oddsFormat: String?
    package var stats: String?
    /// Feed quotes that could not be read, with where and why.
    package var rejected: [String] = []
    /// Things the decoders did on purpose (markets left out, player names merged, ...).
    package var notes: [String] = []

    package init(slate: String? = nil, odds: String? = nil, oddsFormat: String? = nil, stats: String? = nil) {
      self.slate = slate
      self.odds = odds
      self.oddsFormat = oddsFormat
      self.stats = stats
    }

    enum CodingKeys: String, CodingKey { case slate, odds, oddsFormat = "odds_format", stats, rejected, notes }
  }
}
