import Calibration
import Foundation

/// `mcsim ratings`' report: the teams ranked by rating, then the league's terms.
package enum RatingsTable {
  package static func render(_ r: TeamRatings) -> String {
    func n(_ x: Double, _ d: Int = 1) -> String { String(format: "%+.\(d)f", x) }
    let s = r.settings
    var out = "Team ratings as of \(r.asOf)\(r.season.map { " (season \($0))" } ?? ""): points a game against an average team on a neutral floor\n"
    out += "from results before that day; half-life \(String(format: "%.0f", s.halfLifeDays)) days, "
    out += "prior \(String(format: "%.1f", s.teamRidge)) games, \(Int((100 * s.carry).rounded()))% of last season carried\n"
    if let stale = RatingsSourceText.staleWarning(r) { out += "warning: \(stale)\n" }
    out += "\n"
    let rows = r.ranked.enumerated().map { k, t in
      ["\(k + 1)", t.team, n(t.rating), n(t.offense), n(t.defense), "\(t.games)"]
    }
    out += OddsOutput.table(header: ["rank", "team", "rating", "offense", "defense", "games"], rows: rows, left: [1]) + "\n"
    out += "\nleague: \(String(format: "%.1f", r.league)) points a team; home advantage \(n(r.homeAdvantage)) points; "
    out += "second night of a back-to-back: own scoring \(n(r.backToBackOwn)), opponent's \(n(r.backToBackOpponent))\n"
    return out
  }
}
