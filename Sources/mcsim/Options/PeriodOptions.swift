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

  func validate() throws { try CLIError.usage { _ = try PeriodPricing.quotes(periods, totalLine: line, spread: spread) } }

  /// The periods asked for, each with its lines, priced with `job`.
  func apply(to job: inout GamePricingRequest) throws {
    try CLIError.usage { job.periods = try PeriodPricing.quotes(periods, totalLine: line, spread: spread) }
  }
}
