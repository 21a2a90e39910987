import ArgumentParser
import Simulation

/// A game under way (docs/periods-and-in-play.md): its period, clock and score, all four given
/// together; the rest of the game is priced from there on the model's quarter model.
struct StateOptions: ParsableArguments {
  @Option(name: .customLong("quarter"), parsing: .unconditional, help: "In play: the period under way, 1-4 (5 the first overtime, 6 the second, ...); with --clock, --home-score and --away-score.")
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
    _ = try state()
  }

  /// The state given, checked by its rule (the option named in the message); nil when none.
  func state() throws -> GameState? {
    guard let period, let clock, let homeScore, let awayScore else { return nil }
    let options = ["state.period": "--quarter", "state.clock": "--clock", "state.home_score": "--home-score", "state.away_score": "--away-score"]
    do throws(InputError) {
      return try GameState(period: period, clock: clock, homeScore: homeScore, awayScore: awayScore)
    } catch {
      guard case .invalid(let field, let value, let reason) = error else { throw error }
      throw ValidationError("\(options[field] ?? field) \(value): \(reason)")
    }
  }
}
