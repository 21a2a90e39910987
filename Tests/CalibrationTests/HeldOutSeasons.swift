import Calibration
import Foundation
import LineFeeds
import Simulation
import UseCases
import XCTest

/// What the held-out checks of issue 45 share: every regular-season game of data/ with its
/// closing lines and quarter scores, the model calibrate's own path fits on the seasons before a
/// cut (closing-line projections), a game's closing-line projection, and the log loss.
struct HeldOutSeasons {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  let games: [HistoricalGame]
  let quarters: [QuarterScores?]
  /// The text of data/nba_periods.csv (its half-time lines).
  let periodsData: Data
  /// Regular-season games with a closing total, a closing spread and quarter scores.
  let usable: [Int]

  init() throws {
    games = try GameResultsFile.decode(
      Data(contentsOf: Self.root.appendingPathComponent("data/nba_games_lines.csv")), source: "games"
    ).games
    periodsData = try Data(contentsOf: Self.root.appendingPathComponent("data/nba_periods.csv"))
    let periods = try PeriodScoresFile.decode(periodsData, source: "periods")
    let quarters = games.map(periods.scores(of:))
    self.quarters = quarters
    let games = games
    usable = games.indices.filter {
      games[$0].stage == "regular" && games[$0].closeTotal != nil && games[$0].closeSpreadHome != nil && quarters[$0] != nil
    }
  }

  /// The model fitted by calibrate's own path on the usable games of the seasons up to `last`.
  func fit(through last: String) throws -> CalibratedModel {
    let chosen = usable.filter { games[$0].season <= last }
    return try XCTUnwrap(
      try Calibrating.fit(
        CalibrationRequest(
          games: games, chosen: chosen, projection: .market, options: SimulationOptions(simulations: 1000, seed: 1),
          quarters: quarters))
    ).model
  }

  /// A game's projection from its closing total and spread.
  static func projection(_ g: HistoricalGame) -> Projection {
    Projection(home: (g.closeTotal! - g.closeSpreadHome!) / 2, away: (g.closeTotal! + g.closeSpreadHome!) / 2)
  }

  /// The log loss of `p` for an outcome that happened (`won`) or not.
  static func loss(_ p: Double, _ won: Bool) -> Double {
    let q = min(max(p, 1e-12), 1 - 1e-12)
    return -(won ? log(q) : log(1 - q))
  }
}
