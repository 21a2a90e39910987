import ArgumentParser
import Simulation
import UseCases

extension GamePeriod: ExpressibleByArgument {}

/// `--period` (and its lines): a game's quarters and halves priced beside the full game, on the
/// model's quarter model (docs/periods-and-in-play.md).
struct PeriodOptions: ParsableArguments {
  @Option(
    name: .customLong("period"),
    help: "Also price this period: q1, q2, q3, q4, h1 or h2 (repeat for several), on the model's quarter model (calibrate --periods).")
  var periods: [GamePeriod] = []

  @Option(name: .customLong("period-line"), parsing: .unconditional, help: "The period's total line (with one --period).")
  var line: Double?

  @Option(name: .customLong("period-spread"), parsing: .unconditional, help: "The home team's spread for the period, e.g. -2.5 (with one --period).")
  var spread: Double?

  func validate() throws {
    if line != nil || spread != nil {
      guard periods.count == 1 else {
        throw ValidationError("--period-line and --period-spread go with exactly one --period (got \(periods.count)).")
      }
    }
    if let line, !(line.isFinite && line > 0 && line < 1000) {
      throw ValidationError("--period-line \(PlainNumber.text(line)): must be in (0, 1000)")
    }
    if let spread, !(spread.isFinite && abs(spread) < 100) {
      throw ValidationError("--period-spread \(PlainNumber.text(spread)): must be in (-100, 100)")
    }
  }

  /// The periods asked for, each with its lines.
  func quotes() -> [PeriodQuote] {
    periods.map { PeriodQuote(period: $0, totalLine: periods.count == 1 ? line : nil, spread: periods.count == 1 ? spread : nil) }
  }
}
