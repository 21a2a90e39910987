import Foundation
import RandomStreams
import Simulation

/// Games replayed in play: at the end of a quarter (`checkpoint`: the quarters played, 1 to 3),
/// each game is priced from its score then on the quarter model conditioned on it
/// (`PeriodModel.inPlay`, the exact final-score distribution), and scored on its result: the
/// home win's log loss and reliability, and the mean absolute error of the points still to come.
/// Beside it, on the same games:
/// - Stern's Brownian motion (Stern 1994): the final margin normal around the margin so far plus
///   the projected margin times the share of regulation left, its variance the model's pre-game
///   margin variance times that share; the points to come, the projected total times that share;
/// - at half time, where the data has them, the half-time market's second-half lines: its total
///   as the points to come, and the home win from its spread (a normal around the first-half
///   margin minus the spread, its sd the one of least log loss on these same games: the market's
///   best case).
package enum InPlayBacktest {
  package struct Score: Sendable {
    /// The quarters played (1: after the first quarter, 2: half time, 3: after the third).
    package var checkpoint: Int
    package var games: Int
    package var model: ForecastScore
    package var stern: ForecastScore
    package var modelError: Double
    package var sternError: Double
    package var market: MarketAnchor?
  }

  /// The half-time market on the games that have its lines, with the model's figures on the same
  /// games.
  package struct MarketAnchor: Sendable {
    package var games: Int
    package var error: Double
    package var modelError: Double
    /// On the games that also have a second-half spread.
    package var spreadGames: Int
    package var logLoss: Double
    package var modelLogLoss: Double
    /// The sd of the second-half margin that gives the market's spread its least log loss.
    package var sd: Double
  }

  /// One game at one checkpoint.
  struct Row {
    var model: Forecast
    var stern: Forecast
    var modelError: Double
    var sternError: Double
    var firstMargin: Double
    var rest: Double
    var halfTime: (total: Double?, spread: Double?)
  }

  /// Each checkpoint's scores over the games with a projection and quarter scores, `model`'s
  /// quarter model pricing them (`threads` at once; the same numbers for any count).
  package static func score(
    _ games: [HistoricalGame], projections: [Projection?], quarters: [QuarterScores?], model: CalibratedModel,
    periods: PeriodModel, checkpoints: [Int], threads: Int
  ) -> [Score] {
    let usable = games.indices.filter { projections[$0] != nil && quarters[$0] != nil }
    return checkpoints.map { k in
      let rows = ChunkRunner.map(tasks: usable.count, threads: threads) { j in
        let i = usable[j]
        return row(games[i], model.gameModel(for: projections[i]!), quarters[i]!, periods, played: k)
      }
      return summary(rows.compactMap { $0 }, checkpoint: k)
    }
  }

  static func row(_ g: HistoricalGame, _ pre: GameModel, _ q: QuarterScores, _ periods: PeriodModel, played k: Int) -> Row? {
    let home = q.home.prefix(k).reduce(0, +), away = q.away.prefix(k).reduce(0, +)
    let live = periods.inPlay(pre, at: GameState(period: k + 1, secondsLeft: GameState.quarterSeconds, homeScore: home, awayScore: away))
    guard let final = ExactScoreDistribution.compute(live.model) else { return nil }
    let won = g.homeScore > g.awayScore
    let m = final.margins.probabilities(line: 0)
    let rest = Double(g.homeScore + g.awayScore - home - away)
    let left = Double(4 - k) / 4, margin = Double(home - away)
    let sd = (pre.homeSD * pre.homeSD + pre.awaySD * pre.awaySD - 2 * pre.correlation * pre.homeSD * pre.awaySD).squareRoot()
    let sternP = RegulationCells.normalCDF((margin + (pre.homeMean - pre.awayMean) * left) / (sd * left.squareRoot()))
    let reading = InPlayReading(state: live.state, final: final)
    return Row(
      model: Forecast(probability: m.above + m.equal / 2, happened: won), stern: Forecast(probability: sternP, happened: won),
      modelError: abs(reading.remainingTotal - rest), sternError: abs((pre.homeMean + pre.awayMean) * left - rest),
      firstMargin: margin, rest: rest, halfTime: k == 2 ? (q.halfTimeTotal, q.halfTimeSpread) : (nil, nil))
  }

  static func summary(_ rows: [Row], checkpoint k: Int) -> Score {
    let n = Double(max(rows.count, 1))
    var score = Score(
      checkpoint: k, games: rows.count, model: ForecastScore(rows.map(\.model)), stern: ForecastScore(rows.map(\.stern)),
      modelError: rows.reduce(0) { $0 + $1.modelError } / n, sternError: rows.reduce(0) { $0 + $1.sternError } / n, market: nil)
    let quoted = rows.filter { $0.halfTime.total != nil }
    guard !quoted.isEmpty else { return score }
    let q = Double(quoted.count)
    let spread = quoted.filter { $0.halfTime.spread != nil }
    func loss(_ sd: Double) -> Double {
      ForecastScore(
        spread.map { Forecast(probability: RegulationCells.normalCDF(($0.firstMargin - $0.halfTime.spread!) / sd), happened: $0.model.happened) }
      ).logLoss
    }
    // The sd of least log loss, to 0.01 point: a grid, then its neighbourhood.
    var best = stride(from: 5.0, through: 20.0, by: 0.5).min { loss($0) < loss($1) } ?? 10
    best = stride(from: best - 0.5, through: best + 0.5, by: 0.01).min { loss($0) < loss($1) } ?? best
    score.market = MarketAnchor(
      games: quoted.count, error: quoted.reduce(0) { $0 + abs($1.halfTime.total! - $1.rest) } / q,
      modelError: quoted.reduce(0) { $0 + $1.modelError } / q, spreadGames: spread.count,
      logLoss: spread.isEmpty ? .nan : loss(best), modelLogLoss: ForecastScore(spread.map(\.model)).logLoss, sd: best)
    return score
  }
}
