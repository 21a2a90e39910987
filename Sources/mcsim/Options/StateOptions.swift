import ArgumentParser
import UseCases

/// A game under way (docs/periods-and-in-play.md): its period, clock and score, all four given
/// together; the rest of the game is priced from there on the model's quarter model.
struct StateOptions: ParsableArguments {
  @Option(
    name: .customLong("quarter"), parsing: .unconditional,
    help: "In play: the period under way, 1-4 (5 the first overtime, 6 the second, ...); with --clock, --home-score and --away-score.")
  var period: Int?

  @Option(help: "In play: the time left in the period, M:SS (7:12, 0:35.2).")
  var clock: String?

  @Option(name: .customLong("home-score"), parsing: .unconditional, help: "In play: the home team's points so far.")
  var homeScore: Int?

  @Option(name: .customLong("away-score"), parsing: .unconditional, help: "In play: the away team's points so far.")
  var awayScore: Int?

  func validate() throws {
    let given = [period != nil, clock != nil, homeScore != nil, awayScore != nil]
    if given.contains(true) && given.contains(false) {
      throw ValidationError("--quarter, --clock, --home-score and --away-score go together: give all four.")
    }
    try check { try GamePricingRequest.checkState(period: $0, clock: $1, homeScore: $2, awayScore: $3) }
  }

  /// The state given set on `job` (left before tip-off when none is given).
  func apply(to job: inout GamePricingRequest) throws {
    try check { try job.setState(period: $0, clock: $1, homeScore: $2, awayScore: $3) }
  }

  /// `body` on the state given (nothing when none is), a refusal of the state's rule naming
  /// the option at fault.
  private func check(_ body: (Int, String, Int, Int) throws -> Void) throws {
    guard let period, let clock, let homeScore, let awayScore else { return }
    let options = ["state.period": "--quarter", "state.clock": "--clock", "state.home_score": "--home-score", "state.away_score": "--away-score"]
    do { try body(period, clock, homeScore, awayScore) } catch let error as any FieldProblem {
      throw ValidationError("\(options[error.field] ?? error.field) \(error.value): \(error.reason)")
    }
  }
}
