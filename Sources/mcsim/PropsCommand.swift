import ArgumentParser
import Foundation
import LineFeeds
import Renderers
import ServiceContracts
import UseCases

/// `mcsim props FEED --projections FILE`: a game's player-props feed priced from projections.
struct PropsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "props",
    abstract: "Price a game's player props (The Odds API event odds) from player projections.",
    discussion: """
      Every offered (player, stat, line) gets p_over, p_under and p_push from one simulation of the \
      game's scores and every projected player's stats together (the multivariate path, so props \
      and team totals agree), and every book's price its EV and Kelly stake. Example:
        mcsim props Scenarios/props_feed_nba.json --projections Scenarios/props_projections.json
      """
  )

  @Argument(help: "The props feed: The Odds API's /events/{id}/odds response (a file, - for stdin, or a URL).")
  var feed: String

  @Option(help: "Player projections (JSON: home, away, players with name, team, stat, mean, sd, team_correlation).")
  var projections: String

  @Option(parsing: .unconditional, help: "Projected points of the home team (default: the projections file's home).")
  var home: Double?

  @Option(parsing: .unconditional, help: "Projected points of the away team (default: the projections file's away).")
  var away: Double?

  @OptionGroup(title: "Market-implied projections") var market: MarketOptions

  @Option(help: "Which event of a feed with several (a part of its id or of \"away @ home\").")
  var event: String?

  @OptionGroup(title: "Stakes") var kellyOptions: KellyOptions
  @OptionGroup(title: "Advice (docs/one-game.md)") var adviceOptions: AdviceOptions
  @OptionGroup(title: "Model") var modelOptions: ModelOptions
  @OptionGroup(title: "Model") var modelFile: ModelFileOptions
  @OptionGroup(title: "Simulation") var randomOptions: RandomOptions
  @OptionGroup(title: "Input") var input: InputOptions
  @OptionGroup(title: "Output") var output: OutputOptions

  func validate() throws {
    try adviceOptions.refuse([.exact], because: "a player's stat has no exact distribution here: props are simulated only")
    if market.fromMarket, home != nil || away != nil {
      throw ValidationError("--from-market replaces --home and --away; give one or the other.")
    }
  }

  func run() throws {
    let (game, feed, source) = try readEvent()
    let (offers, skipped) = PropOffers.read(game)
    let (file, projectionSource) = try readProjections()
    let players = try CLIError.reading(projectionSource) { try file.projections() }
    let projection = try self.projection(game, feed: feed, source: source, file: file, fileSource: projectionSource)
    let config = try adviceOptions.configFile()
    let choice = try modelFile.choice(config: config)
    let run = try adviceOptions.resolving(kelly: kellyOptions) {
      try choice.context(options: modelOptions.layers, simulations: randomOptions.sims, pooled: false, advice: $0)
    }
    let (context, policy) = (run.context, run.policy)
    let options = randomOptions.settings.options(simulations: context.simulations)
    let fair = try FairQuoting(.init(), configSharpBooks: config?.sharpBooks, configFees: config?.fees).policy
    let card: PropCard
    do {
      card = try PropsPricing.price(
        PropsPricingRequest(
          projection: projection, base: context.model, players: players, offers: offers, options: options,
          policy: policy, fair: fair))
    } catch {
      // Named where the value came from: the market option, a projection option, else the file.
      if market.fromMarket, error.field == "total" || error.field == "spread" { throw market.failure(error) }
      let modelFields: Set<String> = ["home_projection", "away_projection"]
      throw home != nil && modelFields.contains(error.field) ? CLIError.fail(error) : CLIError.badInput(projectionSource, error)
    }
    if output.json {
      let response = PropsResponse(card, event: game.label, skippedMarkets: skipped)
      print(try JSONOutput.encode(SuccessEnvelope(response, provenance: context.provenance), style: output.style))
    } else {
      print(PropsTable(card, event: game.label).render())
      if let line = ProvenanceText.line(context.provenance) { print(line) }
    }
  }

  /// The game's means: implied by its market (--from-market), else --home and --away, else the
  /// projections file's.
  private func projection(
    _ game: FeedEvent, feed: Feed, source: String, file: PropsDraft, fileSource: String
  ) throws -> GameProjection {
    let lines = FeedLines.lines(for: game, asOf: feed.newestQuote).markets
    if let implied = try market.projection(feed: (lines.total?.line, lines.spread?.homeLine), source: "\(source) (\(game.label))") {
      return implied
    }
    guard let h = home ?? file.home, let a = away ?? file.away else {
      throw CLIError.fail("the game's projections are missing: give --home and --away, --from-market, or home and away in \(fileSource)")
    }
    return .given(home: h, away: a)
  }

  /// The feed's one event with player props (--event names it among several), the feed's
  /// quotes, and where it was read.
  private func readEvent() throws -> (FeedEvent, Feed, String) {
    let source = InputSource(feed)
    let data = try CLIError.reading(source.description) { try source.read() }
    let decoded = try CLIError.reading(source.description) {
      try InputFile.decode(source.description) { try FeedDecoder.decode(data) }
    }
    let withProps = decoded.events.filter { e in e.quotes.contains { $0.market.hasPrefix("player_") } }
    let chosen = event.map { key in withProps.filter { ($0.id ?? "").contains(key) || $0.label.contains(key) } } ?? withProps
    guard chosen.count == 1, let game = chosen.first else {
      throw CLIError.fail(
        "\(source.description): \(chosen.isEmpty ? "no event with player props" : "\(chosen.count) events with player props")"
          + (event.map { " matching --event \($0)" } ?? "") + "; "
          + (withProps.isEmpty ? "the feed has none" : "name one with --event: \(withProps.map(\.label).joined(separator: "; "))"),
        code: .failure)
    }
    return (game, decoded, source.description)
  }

  /// The projections file, its unknown fields reported, and its players' projections.
  private func readProjections() throws -> (PropsDraft, String) {
    let source = InputSource(projections)
    let data = try CLIError.reading(source.description) { try source.read() }
    let file = try CLIError.reading(source.description) { try PropsProjections.decode(data) }
    try input.report(unknown: UnknownFields.find(in: data, .propsProjections), in: source.description)
    return (file, source.description)
  }
}
