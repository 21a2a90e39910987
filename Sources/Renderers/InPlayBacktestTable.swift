import Calibration
import Foundation
import ServiceContracts

/// `mcsim backtest --at`: per checkpoint, the quarter model's home-win log loss and Brier score and
/// its error on the points to come, beside Stern's Brownian motion and (at half time, where the
/// data has its lines) the half-time market, then the reliability of each checkpoint's home-win
/// probabilities.
package enum InPlayBacktestTable {
  package static func render(_ r: InPlayBacktestResponse) -> String {
    func n(_ x: Double, _ d: Int = 4) -> String { x.isFinite ? String(format: "%.\(d)f", x) : "-" }
    var out = "In-play backtest: \(r.games) games"
    if let first = r.seasons.first, let last = r.seasons.last { out += first == last ? ", season \(first)" : ", seasons \(first) to \(last)" }
    out += ", projections from \(r.projection.phrase)\n"
    for note in r.notes { out += "note: \(note)\n" }
    var rows: [[String]] = []
    for s in r.scores {
      let at = InPlayBacktestResponse.name(s.checkpoint)
      rows.append([at, "quarter model", "\(s.games)", n(s.model.logLoss), n(s.model.brier), n(s.modelError, 2)])
      rows.append([at, "Stern (Brownian motion)", "\(s.games)", n(s.stern.logLoss), n(s.stern.brier), n(s.sternError, 2)])
      if let m = s.market {
        rows.append([at, "half-time market's total", "\(m.games)", "", "", n(m.error, 2)])
        rows.append([at, "quarter model, same games", "\(m.games)", "", "", n(m.modelError, 2)])
        if m.spreadGames > 0 {
          rows.append([at, "half-time market's spread (sd \(n(m.sd, 2)))", "\(m.spreadGames)", n(m.logLoss), "", ""])
          rows.append([at, "quarter model, same games", "\(m.spreadGames)", n(m.modelLogLoss), "", ""])
        }
      }
    }
    out += "\n"
    out += OddsOutput.table(
      header: ["at", "forecast", "games", "home-win log loss", "brier", "MAE points to come"], rows: rows, left: [0, 1])
    out += "\n\nlog loss and brier: of the home win (lower is better); MAE: mean absolute error of the points still to come.\n"
    out += "the half-time market's spread: a normal around the first-half margin minus the spread, its sd the best one on these games.\n"
    for s in r.scores {
      out += "\nReliability at \(InPlayBacktestResponse.name(s.checkpoint)) (home win): predicted / observed (games), quarter model | Stern\n"
      let stern = Dictionary(uniqueKeysWithValues: s.stern.reliability.map { ($0.lower, $0) })
      for b in s.model.reliability {
        let st = stern[b.lower].map { "\(n($0.predicted, 3)) / \(n($0.observed, 3)) (\($0.count))" } ?? "-"
        out += "  \(n(b.lower, 1))-\(n(b.upper, 1))  \(n(b.predicted, 3)) / \(n(b.observed, 3)) (\(b.count))  |  \(st)\n"
      }
    }
    return out
  }
}
