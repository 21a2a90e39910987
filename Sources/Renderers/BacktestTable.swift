import Calibration
import Foundation
import ServiceContracts

/// `mcsim backtest`'s report: per market, the two models' scores beside the market's, their
/// bets and what the results say of them, the pushes, and the reliability tables.
package enum BacktestTable {
  package static func render(_ r: BacktestResponse) -> String {
    func n(_ x: Double, _ d: Int = 4) -> String { x.isFinite ? String(format: "%.\(d)f", x) : "-" }
    func pc(_ x: Double?) -> String { x.map { $0.isFinite ? String(format: "%+.1f%%", 100 * $0) : "-" } ?? "-" }
    var out = "Backtest: \(r.games) games"
    if let first = r.seasons.first, let last = r.seasons.last { out += first == last ? ", season \(first)" : ", seasons \(first) to \(last)" }
    out += ", stage \(r.stage ?? "all"), projections from \(r.projection.phrase)"
    out += ", \(r.simulations) simulations a game, seed \(r.seed)\n"
    for note in r.notes { out += "note: \(note)\n" }
    let markets: [(String, KeyPath<ModelScore, MarketScore>, ForecastScore)] = [
      ("totals (P over, pushes left out)", \.totals, r.market.totals),
      ("spreads (P home covers, pushes left out)", \.spreads, r.market.spreads),
      ("moneylines (P home wins)", \.moneylines, r.market.moneylines),
    ]
    let models = [("seed defaults", r.seedDefaults), ("fitted", r.fitted)]
    for (title, path, market) in markets {
      out += "\n\(title)\n"
      var rows: [[String]] = []
      for (name, model) in models {
        let m = model.score[keyPath: path]
        let b = m.betting
        rows.append([
          name, n(m.forecasts.brier), n(m.forecasts.logLoss), "\(m.forecasts.count)", "\(b.bets.count)",
          b.bets.isEmpty ? "-" : pc(b.claimedEV), b.bets.isEmpty ? "-" : pc(b.roi),
          m.roiCI95.map { "[\(pc($0.lowerBound)), \(pc($0.upperBound))]" } ?? "-", n(b.maxDrawdown, 2),
        ])
        if let p = m.pooled, let w = m.poolWeight {
          rows.append(["  pooled (w \(n(w, 3)))", n(p.brier), n(p.logLoss), "\(p.count)", "", "", "", "", ""])
        }
      }
      rows.append(["market", n(market.brier), n(market.logLoss), "\(market.count)", "", "", "", "", ""])
      out +=
        OddsOutput.table(
          header: ["model", "brier", "log loss", "games", "bets", "claimed EV", "ROI", "ROI 95% (bootstrap)", "max drawdown"],
          rows: rows) + "\n"
      for (name, model) in models {
        let m = model.score[keyPath: path]
        out += "  \(name): \(model.reading(m))\n"
        let c = m.comparison
        if let ci = c.logLossDifferenceCI95 {
          out +=
            "    \(m.pooled == nil ? "model" : "pooled") against the market: log loss \(String(format: "%+.4f", c.logLossDifference)) [\(String(format: "%+.4f", ci.lowerBound)), \(String(format: "%+.4f", ci.upperBound))], Brier \(String(format: "%+.4f", c.brierDifference))\n"
        }
        if let p = m.push, p.games > 0 {
          out += "    pushes on \(p.games) whole lines: observed \(n(100 * p.observedRate, 2))%, model \(n(100 * p.predictedRate, 2))%\n"
        }
      }
      // Reliability, both models side by side, by bin of predicted probability.
      var bins: [String: [String]] = [:]
      var order: [String] = []
      for (k, (_, model)) in models.enumerated() {
        for b in model.score[keyPath: path].forecasts.reliability {
          let key = "\(n(b.lower, 1))-\(n(b.upper, 1))"
          if bins[key] == nil {
            bins[key] = [key] + [String](repeating: "", count: 6)
            order.append(key)
          }
          bins[key]![1 + 3 * k] = n(b.predicted, 3)
          bins[key]![2 + 3 * k] = "\(n(b.observed, 3)) +/- \(n(2 * b.standardError, 3))"
          bins[key]![3 + 3 * k] = "\(b.count)"
        }
      }
      // Season by season: the fitted model's forecast (pooled when it is) against the market's.
      let fitted = r.fitted.score[keyPath: path]
      if fitted.comparison.seasons.count > 1 {
        out +=
          OddsOutput.table(
            header: ["season", "games", fitted.pooled == nil ? "fitted log loss" : "pooled log loss", "market", "brier", "market"],
            rows: fitted.comparison.seasons.map {
              [$0.season, "\($0.count)", n($0.logLoss), n($0.marketLogLoss), n($0.brier), n($0.marketBrier)]
            }) + "\n"
      }
      out +=
        OddsOutput.table(
          header: ["bin", "seed: predicted", "observed +/- 2se", "games", "fitted: predicted", "observed +/- 2se", "games"],
          rows: order.sorted().map { bins[$0]! }) + "\n"
    }
    out +=
      "\nReading: a model fed the closing line should find almost no edge; one that claims large edges the results do not bear out is miscalibrated. "
    out +=
      "Against the market, a log loss difference whose interval lies above 0 says the market forecasts better than the model: bet only where the advice, standing on the pooled probability, still finds EV.\n"
    out += "elapsed \(n(r.elapsedMS / 1000, 1)) s\n"
    return out
  }
}
