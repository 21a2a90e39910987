import Calibration
import RandomStreams

/// Games drawn from the engine's model with known parameters, in the shape of the shared data:
/// closing total T in [200, 230] and home spread s in [-12, 12] (half points), regulation points
/// home = round((T - s)/2 + (shift + advantage)/2 + sd_h z1), away likewise with correlation rho,
/// overtime under the tie model (periods of round(max(0, Normal(p/2, sd/sqrt 2))) per team until
/// someone leads). `gamesPerDay` games a day, 30 teams paired at random, one season.
struct SyntheticLeague {
  var homeSD = 12.0
  var awaySD = 11.0
  var rho = 0.3
  var homeAdvantage = 1.5
  var totalShift = -1.0
  var periodPoints = 21.0
  var periodSD = 6.0
  var gamesPerDay = 10

  func games(_ n: Int, seed: UInt64) -> [HistoricalGame] {
    var stream = RandomStream(seed: seed, id: 7)
    var out: [HistoricalGame] = []
    out.reserveCapacity(n)
    for i in 0..<n {
      let u = stream.uniforms(4)
      let z = stream.normals(2)
      let total = 200 + (30 * u[0] * 2).rounded() / 2
      let spread = -12 + (24 * u[1] * 2).rounded() / 2
      let home = Int(u[2] * 30), away = (home + 1 + Int(u[3] * 29)) % 30
      let mh = (total - spread) / 2 + (totalShift + homeAdvantage) / 2
      let ma = (total + spread) / 2 + (totalShift - homeAdvantage) / 2
      var h = Int((mh + homeSD * z[0]).rounded())
      var a = Int((ma + awaySD * (rho * z[0] + (1 - rho * rho).squareRoot() * z[1])).rounded())
      var otPoints = 0
      let overtime = h == a
      while h == a {
        let p = stream.normals(2)
        let ph = max(0, Int((periodPoints / 2 + periodSD / 2.0.squareRoot() * p[0]).rounded()))
        let pa = max(0, Int((periodPoints / 2 + periodSD / 2.0.squareRoot() * p[1]).rounded()))
        h += ph
        a += pa
        otPoints += ph + pa
      }
      let day = i / gamesPerDay
      let date = CivilDay.civil(CivilDay.number("2010-01-01")! + day)
      out.append(
        HistoricalGame(
          line: i + 2, season: "2020-21", date: date, home: "T\(pad(home))", away: "T\(pad(away))", homeScore: h,
          awayScore: a, overtime: overtime, overtimePoints: otPoints, closeTotal: total, closeSpreadHome: spread,
          homeMoneyline: spread < 0 ? -150 : 130, awayMoneyline: spread < 0 ? 130 : -150, stage: "regular"))
    }
    return out
  }

  private func pad(_ k: Int) -> String { k < 10 ? "0\(k)" : "\(k)" }

  /// The games as the CSV the shared data uses.
  static func csv(_ games: [HistoricalGame]) -> String {
    var s = "season,date,home,away,home_score,away_score,ot,close_total,close_spread_home,home_ml,away_ml,stage,ot_pts\n"
    for g in games {
      s += "\(g.season),\(g.date),\(g.home),\(g.away),\(g.homeScore),\(g.awayScore),\(g.overtime ? 1 : 0),"
      s += "\(g.closeTotal!),\(g.closeSpreadHome!),\(Int(g.homeMoneyline!)),\(Int(g.awayMoneyline!)),\(g.stage),\(g.overtimePoints)\n"
    }
    return s
  }
}
