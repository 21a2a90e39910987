import ArgumentParser
import Simulation

extension Overtime.Kind: ExpressibleByArgument {}

/// The game model's options, shared by every command that simulates a game.
struct ModelOptions: ParsableArguments {
  @Option(name: .customLong("home-sd"), parsing: .unconditional, help: "Standard deviation of the home team's points.")
  var homeSD: Double = 10

  @Option(name: .customLong("away-sd"), parsing: .unconditional, help: "Standard deviation of the away team's points.")
  var awaySD: Double = 10

  @Option(parsing: .unconditional, help: "Correlation of the two teams' points, in [-1, 1].")
  var rho: Double = 0.5

  @Option(name: .customLong("ot-model"), help: "Overtime model: flat adds OT at a fixed rate, tie plays OT when regulation ends level.")
  var otModel: Overtime.Kind = .flat

  @Option(name: .customLong("ot-rate"), parsing: .unconditional, help: "Probability of overtime in the flat model, in [0, 1].")
  var otRate: Double = 0.06

  @Option(name: .customLong("ot-points"), parsing: .unconditional, help: "Mean points both teams add in overtime (flat) or per period (tie).")
  var otPoints: Double = 12

  @Option(name: .customLong("ot-sd"), parsing: .unconditional, help: "Standard deviation of those overtime points.")
  var otSD: Double = 3

  @Option(name: .customLong("score-floor"), parsing: .unconditional, help: "Raise regulation scores below this to it (the replaced service used 70).")
  var scoreFloor: Int?

  @Option(parsing: .unconditional, help: "Skewness of each team's points (0 for normal, the service's skew scenario used 0.19).")
  var skew: Double = 0

  func model(home: Double, away: Double) -> GameModel {
    GameModel(
      homeMean: home, awayMean: away, homeSD: homeSD, awaySD: awaySD, correlation: rho,
      overtime: Overtime(kind: otModel, rate: otRate, points: otPoints, sd: otSD),
      scoreFloor: scoreFloor, skewness: skew)
  }
}
