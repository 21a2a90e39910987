import Calibration
import Foundation
import ServiceContracts

/// `mcsim calibrate`'s report: the fitted parameters with their 95% intervals, the overtime and
/// skew comparisons, and the parameters season by season.
package enum CalibrationTable {
  package static func render(_ r: CalibrationResponse) -> String {
    let f = r.fit
    var out = "Calibration of \(r.data): \(f.games) games"
    out += f.seasons.count > 1 ? ", seasons \(f.seasons.first!) to \(f.seasons.last!)" : f.seasons.first.map { ", season \($0)" } ?? ""
    out += ", stage \(r.stage ?? "all"), projections from \(f.projection.phrase)"
    if f.gamesWithoutProjection > 0 { out += " (\(f.gamesWithoutProjection) games without a projection left out)" }
    out += "\n\n"
    func n(_ x: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)f", x) }
    func row(_ name: String, _ e: Estimate, _ meaning: String, _ digits: Int = 3) -> [String] {
      [name, n(e.value, digits), n(e.standardError, digits), "[\(n(e.ci95.lowerBound, digits)), \(n(e.ci95.upperBound, digits))]", meaning]
    }
    var rows = [
      row("home_sd", f.regulation.homeSD, "sd of home regulation points around the projection"),
      row("away_sd", f.regulation.awaySD, "sd of away regulation points"),
      row("rho", f.regulation.rho, "correlation of the two teams' regulation points"),
      row("home_advantage", f.regulation.homeAdvantage, "points added to the projected margin"),
      row("total_shift", f.regulation.totalShift, "points added to the projected total (regulation)"),
      row("ot_rate", f.overtime.rate, "share of games to overtime (flat model)", 4),
      row("ot_points", f.overtime.flatPoints, "points an overtime adds, both teams (flat)"),
      row("ot_sd", f.overtime.flatSD, "their sd (flat)"),
    ]
    if let p = f.overtime.tiePoints, let s = f.overtime.tieSD {
      rows.append(row("tie ot_points", p, "points per five-minute period (tie model)"))
      rows.append(row("tie ot_sd", s, "their sd per period (tie)"))
    }
    rows.append(row("skew", f.skew.skewness, "skewness of each team's points (marginal likelihood)", 4))
    out += OddsOutput.table(header: ["parameter", "value", "se", "95% interval", "meaning"], rows: rows, left: [0, 4]) + "\n"
    out += "log-likelihood (regulation, bivariate normal): \(n(f.regulation.logLikelihood, 1))\n"
    out += "overtime: \(f.overtime.overtimeGames) games, observed rate \(n(100 * f.overtime.rate.value, 2))%; "
    out += "the tie model would imply \(n(100 * f.tieImpliedRate, 2))% (the probability that regulation ends level under the normal fit)\n"
    out += "skew: AIC with skew minus without \(n(f.skew.deltaAIC, 1)) -> "
    out += f.skew.earnsItsPlace ? "skew earns its place and is in the model\n" : "skew does not earn its place; the model keeps normal scores\n"
    if let t = r.model.projection.ratings {
      out += "ratings (chosen by walk-forward likelihood on these games): half-life \(n(t.halfLifeDays, 1)) days, "
      out += "team ridge \(n(t.teamRidge, 2)) games, season carry \(n(t.carry, 3)), league ridge \(n(t.leagueRidge, 1)) games\n"
    }
    if let w = r.model.projection.pooling {
      func weight(_ key: String, _ value: Double) -> String {
        let se = r.model.fit?.standardErrors["pool_\(key)"]
        return "\(key) \(n(value, 3))" + (se.map { " +/- \(n($0, 3))" } ?? "")
      }
      out += "pooling with the market (model weight in log-odds, maximum likelihood, +/- se): "
      out += [weight("totals", w.totals), weight("spreads", w.spreads), weight("moneylines", w.moneylines)].joined(separator: ", ")
      out += "; advice stands on the pooled probability where a price exists\n"
    }
    if r.bySeason.count > 1 {
      out += "\nBy season (value +/- se):\n"
      let seasonRows = r.bySeason.map { s -> [String] in
        func pm(_ e: Estimate, _ d: Int = 2) -> String { "\(n(e.value, d)) +/- \(n(e.standardError, d))" }
        return [
          s.seasons.first ?? "", "\(s.games)", pm(s.regulation.homeSD), pm(s.regulation.awaySD), pm(s.regulation.rho, 3),
          pm(s.regulation.homeAdvantage), pm(s.regulation.totalShift), n(100 * s.overtime.rate.value, 2) + "%",
          n(s.overtime.flatPoints.value, 1),
        ]
      }
      out +=
        OddsOutput.table(
          header: ["season", "games", "home_sd", "away_sd", "rho", "home_adv", "total_shift", "ot_rate", "ot_pts"],
          rows: seasonRows) + "\n"
    }
    let m = r.model.model
    out += "\nModel (the file --out writes): home_sd \(n(m.homeSD, 2)), away_sd \(n(m.awaySD, 2)), rho \(n(m.rho)), "
    out += "ot_model \(m.otModel.rawValue), ot_rate \(n(m.otRate, 4)), ot_points \(n(m.otPoints, 2)), ot_sd \(n(m.otSD, 2)), skew \(n(m.skew)); "
    out += "home_advantage \(n(r.model.projection.homeAdvantage, 2)), total_shift \(n(r.model.projection.totalShift, 2)) "
    out += "(on \(r.model.projection.source.rawValue) projections)\n"
    if !r.skippedRows.isEmpty { out += "\(r.skippedRows.count) bad rows skipped (--skip-bad-rows), first: \(r.skippedRows[0])\n" }
    if let p = r.model.periods { out += periods(p) }
    for note in r.notes { out += "note: \(note)\n" }
    out += "fitted in \(n(r.elapsedMS, 0)) ms\n"
    return out
  }

  /// The quarter model: shares and spreads by quarter, the regulation spread they imply, the
  /// correlations that carry the margin's reversion, and the tie rates observed and predicted.
  static func periods(_ p: ModelDocument.Periods) -> String {
    func n(_ x: Double, _ d: Int) -> String { String(format: "%.\(d)f", x) }
    let c = p.covariance
    let sd = (0..<8).map { c[$0][$0].squareRoot() }
    let rows = (0..<4).map { q -> [String] in
      let e = p.standardErrors
      return [
        "q\(q + 1)", n(p.homeShares[q], 4) + (e.map { " +/- " + n($0.homeShares[q], 4) } ?? ""),
        n(p.awayShares[q], 4) + (e.map { " +/- " + n($0.awayShares[q], 4) } ?? ""), n(sd[q], 2), n(sd[4 + q], 2),
        n(c[q][4 + q] / (sd[q] * sd[4 + q]), 3),
      ]
    }
    var out =
      "\nBy quarter (\(p.games.map { "\($0) games, " } ?? "")shares of each team's regulation points; sds and the teams' correlation around those means):\n"
    out += OddsOutput.table(header: ["quarter", "home share", "away share", "home sd", "away sd", "rho"], rows: rows) + "\n"
    let model = p.model
    out += "regulation sd implied: home \(n(model.regulationSD(home: true), 2)), away \(n(model.regulationSD(home: false), 2)); "
    out +=
      "second-half margin on the first half's: \(n(model.marginReversion, 3)) (a margin that reverts has it below 0), halves' margin sds \(n(model.marginSD(.h1), 2)), \(n(model.marginSD(.h2), 2))\n"
    out +=
      "at an expected regulation total of \(n(p.referenceTotal, 1)); a game expecting T scales the covariance by (T / \(n(p.referenceTotal, 1)))^\(n(p.varianceExponent, 2))"
    out += (p.standardErrors?.varianceExponent).map { " (exponent +/- \(n($0, 2)))" } ?? ""
    out += "\n"
    return out
  }
}
