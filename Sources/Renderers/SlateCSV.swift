import Foundation
import Simulation

/// The slate as CSV (RFC 4180): one row per game in input order, every figure of the JSON's
/// batch fields plus spread, moneyline and best bet; ev, edge and kelly in percent; and the
/// slate's stakes per market (side and money, from the whole slate's exposure).
public enum SlateCSV {
  public static let header = [
    "game_id", "home_abbr", "away_abbr", "home_projection", "away_projection", "projected", "line", "over_odds",
    "under_odds", "p_over", "p_under", "p_push", "mean_total", "std_total", "ev_over", "ev_under", "edge_over",
    "edge_under", "kelly_over", "kelly_under", "recommended_bet", "verdict", "spread", "home_spread_odds",
    "away_spread_odds", "p_home_cover", "p_away_cover", "p_spread_push", "ev_home_spread", "ev_away_spread",
    "home_ml", "away_ml", "p_home_win", "p_away_win", "ev_home_ml", "ev_away_ml", "best_market", "best_side",
    "best_line", "best_odds", "best_ev", "stake_total_side", "stake_total", "stake_spread_side", "stake_spread",
    "stake_moneyline_side", "stake_moneyline", "error",
  ]

  public static func render(_ games: [SlateGameResult]) -> String {
    var lines = [header.joined(separator: ",")]
    for g in games {
      let mc = g.monteCarlo, e = g.evMetrics, s = g.spread, m = g.moneyline, b = g.bestBet
      let cells: [String?] = [
        g.gameID, g.homeAbbr, g.awayAbbr, n(g.homeProjection), n(g.awayProjection), n(g.projected), n(g.line),
        n(g.overOdds), n(g.underOdds), n(mc?.pOver), n(mc?.pUnder), n(mc?.pPush), n(mc?.meanTotal), n(mc?.stdTotal),
        pct(e?.evOver), pct(e?.evUnder), pct(e?.edgeOver), pct(e?.edgeUnder), pct(e?.kellyOverFractional),
        pct(e?.kellyUnderFractional),
        e?.recommendedBet.rawValue, g.verdict, n(s?.homeLine), n(s?.homeOdds), n(s?.awayOdds), n(s?.pHome),
        n(s?.pAway), n(s?.pPush), pct(s?.evHome), pct(s?.evAway), n(m?.homeOdds), n(m?.awayOdds), n(m?.pHome),
        n(m?.pAway), pct(m?.evHome), pct(m?.evAway), b?.market, b?.side, n(b?.line), n(b?.odds), pct(b?.ev),
      ] + ["total", "spread", "moneyline"].flatMap { market -> [String?] in
        let stake = g.stakes.first { $0.bet.market == market }
        return [stake?.bet.side, n(stake?.stake)]
      } + [g.error]
      lines.append(cells.map { quote($0 ?? "") }.joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func n(_ x: Double?) -> String? { x.map { "\($0)" } }

  /// A fraction written in percent, as the JSON's percent fields give it.
  private static func pct(_ x: Double?) -> String? { n(x.map { 100 * $0 }) }

  /// Quoted when it holds a comma, a quote or a line break; quotes doubled.
  public static func quote(_ s: String) -> String {
    guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
    return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
