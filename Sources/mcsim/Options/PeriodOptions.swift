import ArgumentParser
import UseCases

/// `--period` (and its lines): a game's quarters and halves priced beside the full game, on the
/// model's quarter model (docs/periods-and-in-play.md). The names and ranges are
/// `PeriodPricing.quotes`'.
struct PeriodOptions: ParsableArguments {
  @Option(
    name: .customLong("period"),
    help: ArgumentHelp(
      "Also price this period: \(PeriodPricing.names.joined(separator: ", ")) (repeat for several), on the model's quarter model (calibrate --periods).",
      valueName: "period"))
  var periods: [String] = []

  @Option(name: .customLong("period-line"), parsing: .unconditional, help: "The period's total line (with one --period).")
  var line: Double?

  @Option(name: .customLong("period-spread"), parsing: .unconditional, help: "The home team's spread for the period, e.g. -2.5 (with one --period).")
  var spread: Double?

  @Option(name: .customLong("period-home-total"), parsing: .unconditional, help: "The home team's total line for the period (with one --period).")
  var homeTotal: Double?

  @Option(name: .customLong("period-away-total"), parsing: .unconditional, help: "The away team's total line for the period (with one --period).")
  var awayTotal: Double?

  @Option(
    name: .customLong("period-price"), parsing: .unconditionalSingleValue,
    help: ArgumentHelp(
      "A price of the period's side, NAME=PRICE (repeat): NAME one of \(PeriodPricing.priceNames.joined(separator: ", ")); each side with a price is advised.",
      valueName: "name=price"))
  var prices: [String] = []

  @Option(name: .customLong("period-tie"), help: "A two-way period moneyline's level result: push (stakes back, the default) or lose.")
  var tie: String?

  /// The names, lines and tie rule; the prices are read once, where they are applied (a bare
  /// "110" is warned about once).
  func validate() throws { try CLIError.usage { _ = try PeriodPricing.quotes(periods, lines: lines, tie: tie) } }

  private var lines: [PeriodPricing.Line: Double] {
    [.total: line, .spread: spread, .homeTotal: homeTotal, .awayTotal: awayTotal].compactMapValues { $0 }
  }

  /// The periods asked for, each with its lines and prices, priced with `job`.
  /// Given none, `job` keeps the periods it has (a request's `period_lines`).
  func apply(to job: inout GamePricingRequest) throws {
    guard !periods.isEmpty else { return }
    let named = try namedPrices()
    try CLIError.usage { job.periods = try PeriodPricing.quotes(periods, lines: lines, prices: named, tie: tie) }
    job.periodField = "period"
  }

  /// Each `--period-price NAME=PRICE`, its price read by the one price rule (`PriceText`).
  private func namedPrices() throws -> [(name: String, price: PriceReading)] {
    try prices.map { written in
      let parts = written.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2 else { throw CLIError.option("--period-price", written, "must be NAME=PRICE (home_ml=-130)") }
      return (name: parts[0], price: try PriceText.parse(parts[1], option: "--period-price \(parts[0])"))
    }
  }
}
