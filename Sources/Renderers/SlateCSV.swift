import Foundation
import OddsMath
import Simulation

/// The slate as CSV (RFC 4180): one row per game in input order, every figure of the JSON's
/// batch fields plus spread, moneyline and best bet, and the slate's stakes per market (side,
/// fraction of bankroll and money, from the whole slate's exposure). Every EV, edge, Kelly and
/// stake is a fraction, and a column's name says its unit: `_frac` a fraction (0.05 is 5%),
/// `_amount` money (the fraction times `--bankroll`); probabilities are fractions too.
///
/// After `error`, the advice on each side of each market priced (over, under, home and away
/// spread, home and away moneyline), as the JSON's `advice` blocks give it: the probability the
/// advice stands on (the model's, pooled with the market's where the model file says so), the
/// market's devigged probability, the EV at it, the grade before the gates and why the side is
/// withheld (`;`-separated reasons), so a +EV row that reads NO_BET says why.
///
/// Last, `period_stakes`: the game's period bets staked with the slate (a slate file's
/// `period_lines` or a feed's period markets), `;`-separated, each `period market side line:
/// fraction amount` ("h1 total over 112.5: 0.0123 12.30").
package enum SlateCSV {
  /// The sides advised on, by their columns' prefix.
  static let adviceSides = ["over", "under", "home_spread", "away_spread", "home_ml", "away_ml"]
  static let adviceFields = ["probability", "market_probability", "ev_frac", "grade", "withheld"]

  package static let header =
    [
      "game_id", "home_abbr", "away_abbr", "home_projection", "away_projection", "projected", "line", "over_odds",
      "under_odds", "p_over", "p_under", "p_push", "mean_total", "std_total", "ev_over_frac", "ev_under_frac",
      "edge_over_frac", "edge_under_frac", "kelly_over_frac", "kelly_under_frac", "recommended_bet", "verdict", "spread",
      "home_spread_odds", "away_spread_odds", "p_home_cover", "p_away_cover", "p_spread_push", "ev_home_spread_frac",
      "ev_away_spread_frac", "home_ml", "away_ml", "p_home_win", "p_away_win", "ev_home_ml_frac", "ev_away_ml_frac",
      "best_market", "best_side", "best_line", "best_odds", "best_ev_frac", "stake_total_side", "stake_total_frac",
      "stake_total_amount", "stake_spread_side", "stake_spread_frac", "stake_spread_amount", "stake_moneyline_side",
      "stake_moneyline_frac", "stake_moneyline_amount", "error",
    ] + adviceSides.flatMap { side in adviceFields.map { "advice_\(side)_\($0)" } } + ["period_stakes"]

  package static func render(_ games: [SlateGameResult]) -> String {
    var lines = [header.joined(separator: ",")]
    for g in games {
      let mc = g.monteCarlo, e = g.evMetrics, s = g.spread, m = g.moneyline, b = g.bestBet
      let cells: [String?] = [
        g.gameID, g.homeAbbr, g.awayAbbr, n(g.homeProjection), n(g.awayProjection), n(g.projected), n(g.line),
        n(g.overOdds), n(g.underOdds), n(mc?.pOver), n(mc?.pUnder), n(mc?.pPush), n(mc?.meanTotal), n(mc?.stdTotal),
        n(e?.evOver), n(e?.evUnder), n(e?.edgeOver), n(e?.edgeUnder), n(e?.kellyOverFractional),
        n(e?.kellyUnderFractional),
        e?.recommendedBet.rawValue, g.verdict.rawValue, n(s?.homeLine), n(s?.homeOdds), n(s?.awayOdds), n(s?.pHome),
        n(s?.pAway), n(s?.pPush), n(s?.evHome), n(s?.evAway), n(m?.homeOdds), n(m?.awayOdds), n(m?.pHome),
        n(m?.pAway), n(m?.evHome), n(m?.evAway), b?.market.rawValue, b?.side.rawValue, n(b?.line), n(b?.odds), n(b?.ev),
      ]
      let staked: [String?] = BetMarket.allCases.flatMap { market -> [String?] in
        let stake = g.stake(on: market)
        return [stake?.bet.side.rawValue, n(stake?.fraction), n(stake?.stake)]
      }
      let advised = [g.totalsAdvice, s?.advice, m?.advice].flatMap { market in
        (0..<2).flatMap { i in advice(market?.sides[i]) }
      }
      let periodStakes = g.stakes.compactMap { s -> String? in
        guard let period = s.bet.period else { return nil }
        let line = s.bet.line.map { " " + PlainNumber.text($0) } ?? ""
        let team = s.bet.team.map { "\($0.rawValue) " } ?? ""
        return "\(period.rawValue) \(team)\(s.bet.market.rawValue) \(s.bet.side.rawValue)\(line): \(n(s.fraction) ?? "") \(n(s.stake) ?? "")"
      }
      let row = cells + staked + [g.error] + advised + [periodStakes.isEmpty ? nil : periodStakes.joined(separator: ";")]
      lines.append(row.map { quote($0 ?? "") }.joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func n(_ x: Double?) -> String? { x.map { "\($0)" } }

  /// One side's advice cells (`adviceFields`), empty when the market was not priced.
  private static func advice(_ side: SideAdvice?) -> [String?] {
    guard let side else { return adviceFields.map { _ in nil } }
    return [
      n(side.probabilities.win), n(side.market?.probability), n(side.ev), side.grade.rawValue,
      side.withheld.map(\.rawValue).joined(separator: ";"),
    ]
  }

  /// Quoted when it holds a comma, a quote or a line break; quotes doubled.
  package static func quote(_ s: String) -> String {
    guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
    return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
