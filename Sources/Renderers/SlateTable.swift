import Foundation
import OddsMath
import ServiceContracts
import Simulation
import UseCases

/// The readable slate: one row per game, best EV first, with the totals verdict and the best
/// bet across the game's markets; games that could not be evaluated last, with their error.
package enum SlateTable {
  package static func render(_ r: SlateResponse) -> String {
    var out: [String] = []
    let failed = r.nFailed
    out.append(
      "mcsim slate · \(Fmt.counted(r.nGames, "game")) · \(Fmt.counted(r.nSimsPerGame, "simulation")) each · seed \(r.seed) · "
        + "\(r.threads) thread\(r.threads == 1 ? "" : "s") · \(Fmt.fixed(r.elapsedMs, 1)) ms")
    out.append("")
    let ranked = r.games.filter { $0.bestBet != nil }.sorted { $0.bestBet!.ev > $1.bestBet!.ev }
    let bankroll = r.bankroll
    let header = ["game", "proj", "line", "p over", "verdict", "spread", "p cover", "p win", "best bet", "EV", "market", "advice", "stake"]
    let rows = ranked.map { g -> [String] in
      let best = g.bestBet!
      return [
        gameLabel(g), g.projected.map { Fmt.fixed($0, 1) } ?? "-", g.line.map(Fmt.line) ?? "-",
        g.monteCarlo.map { Fmt.fixed($0.pOver, 3) } ?? "-", g.verdict.rawValue,
        g.spread.map { Fmt.signedLine($0.homeLine ?? 0) } ?? "-", g.spread.map { Fmt.fixed($0.pHome, 3) } ?? "-",
        g.moneyline.map { Fmt.fixed($0.pHome, 3) } ?? "-", betLabel(best, g), String(format: "%+.2f%%", 100 * best.ev),
        advice(best, g)?.market.map { Fmt.fixed($0.probability, 3) } ?? "-", adviceLabel(best, g),
        Fmt.stake(stake(best, g), bankroll: bankroll),
      ]
    }
    if !rows.isEmpty {
      out.append(OddsOutput.table(header: header, rows: rows, left: [0, 4, 8, 11]))
      out.append("p cover, p win: the home team's; spreads and moneylines from the margin with overtime played to a winner.")
      out.append("market: the devigged market probability of the best bet; advice: its grade, or why it is withheld.")
    }
    // The bets staked, largest stake first (input order among equals); an advised bet the
    // joint Kelly of its game gives nothing is counted apart, not as a bet staked.
    let advised = r.games.enumerated().flatMap { i, g in g.stakes.enumerated().map { (order: (i, $0.offset), game: g, stake: $0.element) } }
    let bets = advised.filter { $0.stake.fraction > 0 }.sorted {
      $0.stake.fraction != $1.stake.fraction ? $0.stake.fraction > $1.stake.fraction : $0.order < $1.order
    }
    let a = r.methodology.advice.policy
    out.append("")
    out.append(
      "Stakes: \(bets.count) bet\(bets.count == 1 ? "" : "s"), total exposure \(Fmt.stake(r.totalExposureFraction, bankroll: bankroll))"
        + (bankroll == 1 ? "" : " of \(Fmt.fixed(bankroll, 2))") + " (cap \(Fmt.percent(a.maxExposure, 0))"
        + (r.exposureScaled ? ", stakes scaled down to it" : "") + "); "
        + "\(a.kelly.fraction) x Kelly, at most \(Fmt.percent(a.kelly.cap, 1)) a bet; bets on one game staked jointly.")
    for (_, g, s) in bets {
      let b = s.bet
      let label =
        "\(gameLabel(g))  \(b.period.map { $0.rawValue + " " } ?? "")\(b.team.map { $0.rawValue + " " } ?? "")\(b.market.rawValue) \(b.side.rawValue)\(b.line.map { " " + Fmt.line($0) } ?? "") @ \(Fmt.fixed(b.odds, 2))"
      out.append(
        "  \(label): \(s.grade.rawValue), EV \(String(format: "%+.2f%%", 100 * b.ev)), stake \(Fmt.stake(s.fraction, bankroll: bankroll))\(s.joint ? " (joint)" : "")"
      )
    }
    let unstaked = advised.count - bets.count
    if unstaked > 0 {
      out.append(
        "  and \(unstaked) advised bet\(unstaked == 1 ? "" : "s") the joint Kelly of \(unstaked == 1 ? "its game" : "their games") stakes nothing")
    }
    out.append("Config: \(a.configFile ?? "none read")")
    let errors = r.games.filter { $0.bestBet == nil }
    if !errors.isEmpty {
      out.append("")
      // Named by its teams, as the rows above; a feed's event id (a hash) beside, for the JSON.
      for g in errors {
        let name = gameLabel(g) == g.gameID ? g.gameID : "\(gameLabel(g)) (\(g.gameID))"
        out.append("\(name)  \(g.verdict.rawValue): \(g.error ?? "no market priced")")
      }
    }
    if !r.unmatched.isEmpty {
      out.append("")
      out.append("Not on the slate (\(r.unmatched.count)):")
      for u in r.unmatched { out.append("  \(u.event): \(u.reason)") }
    }
    if failed > 0 { out.append("\n\(failed) of \(r.nGames) games not evaluated.") }
    return out.joined(separator: "\n")
  }

  package static func gameLabel(_ g: SlateGameResult) -> String {
    guard let h = g.homeAbbr, let a = g.awayAbbr else { return g.gameID }
    return "\(a)@\(h)"
  }

  /// "under 225.5 @ 1.91", "MIA -3.5 @ 1.95", "BOS ML @ 2.10".
  package static func betLabel(_ b: BestBet, _ g: SlateGameResult) -> String {
    let team = b.side == .home ? (g.homeAbbr ?? "home") : (g.awayAbbr ?? "away")
    let what: String
    switch b.market {
    case .total: what = "\(b.side.rawValue) \(b.line.map(Fmt.line) ?? "")"
    case .spread: what = "\(team) \(b.line.map(Fmt.signedLine) ?? "")"
    default: what = "\(team) ML"
    }
    return "\(what) @ \(Fmt.fixed(b.odds, 2))"
  }

  /// The slate's stake on the best bet (after joint Kelly and the exposure cap), a fraction of
  /// bankroll; 0 when it is not recommended.
  package static func stake(_ b: BestBet, _ g: SlateGameResult) -> Double {
    g.stake(on: b.market, side: b.side)?.fraction ?? 0
  }

  /// The advice on the best bet's side.
  package static func advice(_ b: BestBet, _ g: SlateGameResult) -> SideAdvice? {
    let market: MarketAdvice?
    switch b.market {
    case .total: market = g.totalsAdvice
    case .spread: market = g.spread?.advice
    default: market = g.moneyline?.advice
    }
    return market?.sides.first { $0.side == b.side }
  }

  /// The grade of a recommended bet, else the first reason it is withheld, else NO_BET.
  static func adviceLabel(_ b: BestBet, _ g: SlateGameResult) -> String {
    guard let a = advice(b, g) else { return "-" }
    return a.recommended ? a.grade.rawValue : a.withheld.first?.rawValue ?? a.strength.rawValue
  }
}

/// The moves of one poll of `--watch`, one line per game; a poll where nothing moved says so,
/// so a quiet table still shows the watch is alive.
package enum LineMoveText {
  package static func render(_ moves: [LineMove], poll: Int) -> String {
    let time = ISO8601DateFormatter().string(from: Date())
    guard !moves.isEmpty else { return "poll \(poll) · \(time) · nothing moved" }
    var out = ["poll \(poll) · \(time) · \(moves.count) game\(moves.count == 1 ? "" : "s") moved"]
    for m in moves {
      switch m.kind {
      case .new: out.append("  \(m.game)  new: \(m.result.map(summary) ?? "")")
      case .removed: out.append("  \(m.game)  no longer in the feed")
      case .moved:
        let parts = m.changes.map { c in "\(c.market) \(c.field) \(c.from ?? "-") → \(c.to ?? "-")" }
        out.append("  \(m.game)  " + parts.joined(separator: " · "))
      }
    }
    return out.joined(separator: "\n")
  }

  private static func summary(_ g: SlateGameResult) -> String {
    if let e = g.error { return "\(g.verdict.rawValue): \(e)" }
    return "line \(g.line.map(Fmt.line) ?? "-") · \(g.verdict.rawValue)"
      + (g.bestBet.map { " · best \(SlateTable.betLabel($0, g)) \(String(format: "%+.2f%%", 100 * $0.ev))" } ?? "")
  }
}

/// NDJSON lines: one game, or one move of a watched slate, per line.
package enum SlateOutput {
  package static func line(_ game: SlateGameResult) -> String {
    (try? JSONOutput.encode(SlateGameWire(mcsim: game))) ?? #"{"error": "could not encode game"}"#
  }

  package static func line(_ move: LineMove, poll: Int) -> String {
    (try? JSONOutput.encode(PolledMove(poll: poll, move: move))) ?? #"{"error": "could not encode move"}"#
  }
}
