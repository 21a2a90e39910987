import ArgumentParser
import UseCases

/// Projections from a market, one meaning in every command: `--from-market` projects the game
/// from its own market, the means under which its main total and home spread are fair lines of
/// the model in use (`GameProjection.market`). Where the input carries the game's lines (a
/// props feed) they are read from it; `--market-total` and `--market-spread` give them (parlay)
/// or override the feed's.
struct MarketOptions: ParsableArguments {
  @Flag(
    name: .customLong("from-market"),
    help: "Project the game from its market instead of --home/--away: the means under which its total and home spread are fair lines.")
  var fromMarket = false

  @Option(
    name: .customLong("market-total"), parsing: .unconditional,
    help: "With --from-market: the market's total (default: the feed's main line, where there is a feed).")
  var total: Double?

  @Option(
    name: .customLong("market-spread"), parsing: .unconditional,
    help: "With --from-market: the home spread, -5.5 for a 5.5-point home favourite (default: the feed's main line).")
  var spread: Double?

  func validate() throws {
    if !fromMarket && (total != nil || spread != nil) {
      throw ValidationError("--market-total and --market-spread go with --from-market.")
    }
  }

  /// The market projection (nil without --from-market): the numbers given, else the feed's.
  func projection(feed: (total: Double?, spread: Double?) = (nil, nil), source: String = "") throws -> GameProjection? {
    guard fromMarket else { return nil }
    guard let t = total ?? feed.total, let s = spread ?? feed.spread else {
      let missing = [total ?? feed.total == nil ? "--market-total" : nil, spread ?? feed.spread == nil ? "--market-spread" : nil]
        .compactMap { $0 }.joined(separator: " and ")
      throw CLIError.fail(
        "--from-market needs the market's total and home spread: give \(missing)"
          + (source.isEmpty ? "" : " (\(source) has no main line for it)"), field: "--from-market")
    }
    return .market(total: t, spread: s)
  }

  /// `body`, a market the model cannot reproduce refused as `failure` names it.
  func usage<T>(_ body: () throws -> T) throws -> T {
    try CLIError.mapping(body, failure)
  }

  /// A market the model cannot reproduce, named as the option (or the feed) that gave it.
  func failure(_ error: any FieldProblem) -> CLIFailure {
    switch error.field {
    case "total": CLIError.option(total != nil ? "--market-total" : "--from-market", error.value, error.reason)
    case "spread": CLIError.option(spread != nil ? "--market-spread" : "--from-market", error.value, error.reason)
    default: CLIError.fail(error)
    }
  }
}
