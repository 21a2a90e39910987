import ArgumentParser
import Foundation
import LineFeeds
import Renderers
import ServiceContracts
import UseCases

/// `mcsim parlay`: the joint probability of several legs on one game (a same-game parlay, with
/// player props) or on several, against the product of their own probabilities.
struct ParlayCommand: ParsableCommand, RequiredInputs {
  static let configuration = CommandConfiguration(
    commandName: "parlay",
    abstract: "Price a parlay of correlated legs (totals, spreads, moneylines, team totals, player props).",
    discussion: """
      Legs: over:LINE, under:LINE, home-spread:LINE, away-spread:LINE, home-ml, away-ml, home-over:LINE, \
      home-under:LINE, away-over:LINE, away-under:LINE, and player props NAME:STAT:over|under:LINE (STAT: \
      points, rebounds, assists, threes, pra) for a player given by --player NAME:TEAM:STAT:MEAN:SD[:CORR][:DIST] \
      (TEAM home or away; CORR his stat's correlation with his team's points, a stated default by stat when \
      omitted; DIST poisson or nb for a count through a Gaussian copula, a rounded normal by default). Legs on the game's score alone are read off its joint score histogram, as `run` simulates \
      it; player props are drawn with the scores on the multivariate path. A pushed leg counts as not won. \
      Examples:
        mcsim parlay --home 115 --away 112 --leg over:225.5 --leg home-spread:-3.5 --price 3.6
        mcsim parlay --home 115 --away 112 --player "Jayson Tatum:home:points:27.1:6.5" \\
          --leg home-ml --leg "Jayson Tatum:points:over:27.5" --price +260
        mcsim parlay Scenarios/parlay.json --json
      """
  )

  @Argument(help: "A parlay file (JSON: games, players, legs, optionally price and correlation; - for stdin) instead of --home/--away/--leg.")
  var file: String?

  @Option(parsing: .unconditional, help: "Projected points of the home team, in [0, 1000].")
  var home: Double?

  @Option(parsing: .unconditional, help: "Projected points of the away team, in [0, 1000].")
  var away: Double?

  @Option(
    name: .customLong("leg"), parsing: .unconditionalSingleValue,
    help: "A leg (repeat for each), e.g. over:225.5, home-spread:-3.5, home-ml, \"NAME:points:over:24.5\".")
  var legs: [String] = []

  @Option(
    name: .customLong("player"), parsing: .unconditionalSingleValue,
    help: "A player projection for props, NAME:TEAM:STAT:MEAN:SD[:CORR][:DIST] (repeat for each).")
  var players: [String] = []

  @Option(parsing: .unconditional, help: "The parlay's offered price, decimal or American (for EV and Kelly).")
  var price: String?

  @OptionGroup(title: "Market-implied projections") var market: MarketOptions

  @OptionGroup(title: "Stakes") var kellyOptions: KellyOptions
  @OptionGroup(title: "Advice (docs/one-game.md)") var adviceOptions: AdviceOptions
  @OptionGroup(title: "Model") var modelOptions: ModelOptions
  @OptionGroup(title: "Model") var modelFile: ModelFileOptions
  @OptionGroup(title: "Simulation") var randomOptions: RandomOptions
  @OptionGroup(title: "Input") var input: InputOptions
  @OptionGroup(title: "Output") var output: OutputOptions

  func validate() throws {
    try adviceOptions.refuse(
      [.exact, .blend, .marketGap, .trustModel], because: "a parlay's joint probability is simulated only, with no market beside it")
  }

  func requireInputs() throws {
    if file != nil {
      guard home == nil, away == nil, legs.isEmpty, players.isEmpty, !market.fromMarket else {
        throw ValidationError("A parlay FILE replaces --home, --away, --from-market, --leg and --player; give one or the other.")
      }
      return
    }
    if market.fromMarket {
      guard home == nil, away == nil else { throw ValidationError("--from-market replaces --home and --away; give one or the other.") }
      guard market.total != nil, market.spread != nil else {
        throw ValidationError("--from-market needs the market's lines: give --market-total T and --market-spread S.")
      }
    } else {
      guard home != nil, away != nil else { throw ValidationError("Missing --home or --away (or --from-market, or a parlay FILE).") }
    }
    guard !legs.isEmpty else { throw ValidationError("Missing --leg: give at least one leg.") }
  }

  func run() throws {
    try requireInputs()
    let config = try adviceOptions.configFile()
    let choice = try modelFile.choice(config: config)
    let run = try adviceOptions.resolving(kelly: kellyOptions) {
      try choice.context(options: modelOptions.layers, simulations: randomOptions.sims, pooled: false, advice: $0)
    }
    var (job, impliedBy) = try file.map { try fromFile($0, run: run) } ?? fromOptions(run: run)
    if let price { job.price = try PriceText.parse(price, option: "--price").odds }
    if let offered = job.price, offered.decimal <= 1 {
      throw CLIError.option("--price", price ?? "\(offered.decimal)", "must be above 1 (decimal)")
    }
    let priced: PricedParlay
    do { priced = try ParlayPricing.price(job) } catch {
      throw file.map { CLIError.badInput($0, error) } ?? Self.optionFailure(error)
    }
    let provenance = run.context.provenance
    if output.json {
      print(try JSONOutput.encode(SuccessEnvelope(ParlayResponse(priced, market: impliedBy), provenance: provenance), style: output.style))
    } else {
      print(ParlayTable(priced, market: impliedBy, policy: run.policy).render())
      if let line = ProvenanceText.line(provenance) { print(line) }
    }
  }

  /// The parlay file's parlay and price, the options given over each game's own fields, as
  /// everywhere (RunContext).
  private func fromFile(_ file: String, run: ResolvedRun) throws -> (ParlayPricingRequest, (total: Double, spread: Double)?) {
    let source = InputSource(file)
    let data = try CLIError.reading(source.description) { try source.read() }
    let request = try CLIError.reading(source.description) {
      try InputFile.decode(source.description) { try ParlayRequest.decode(data) }
    }
    try input.report(unknown: UnknownFields.find(in: data, .parlayRequest), in: source.description)
    let parlay = try CLIError.reading(source.description) {
      try request.draft.parlay(base: run.context.model, options: modelOptions.given.map(\.setting))
    }
    if let rho = modelOptions.rho, let d = request.draft.matrixDisagreement(rho: rho) {
      throw CLIError.option(
        "--rho", "\(rho)",
        "disagrees with \(source.description)'s full matrix, correlation[\(d.row)][\(d.column)] = \(d.entry); give one or make them agree")
    }
    let options = randomOptions.settings.options(simulations: run.context.simulations)
    return (ParlayPricingRequest(parlay: parlay, options: options, price: request.price?.odds, policy: run.policy), nil)
  }

  /// The one game of --home/--away (or --from-market) with the --player and --leg options.
  private func fromOptions(run: ResolvedRun) throws -> (ParlayPricingRequest, (total: Double, spread: Double)?) {
    let projection = try market.projection() ?? .given(home: home ?? 0, away: away ?? 0)
    let model = try market.usage { try projection.model(over: run.context.model) }
    let parlay = try Self.usage { try ParlayLegSyntax.parlay(game: model, players: players, legs: legs) }
    let options = randomOptions.settings.options(simulations: run.context.simulations)
    return (ParlayPricingRequest(parlay: parlay, options: options, policy: run.policy), projection.market)
  }

  /// `body`, a leg or player it refuses named as the option that gave it (exit 64).
  static func usage<T>(_ body: () throws -> T) throws -> T {
    try CLIError.mapping(body, optionFailure)
  }

  /// A leg or player refused on the command line: named as the option that gave it, exit 64.
  static func optionFailure(_ error: any FieldProblem) -> CLIFailure {
    switch error.field {
    case "leg": CLIError.option("--leg", error.value, error.reason)
    case "player": CLIError.option("--player", error.value, error.reason)
    default: CLIError.fail(error)
    }
  }
}
