import Foundation
import OddsMath
import Simulation

/// A leg of a FairBet parlay as the clients name it: a bet of the board by its game's id, market
/// key and selection key, and its line when several lines match.
package struct FairParlayLeg: Sendable {
  package var gameID: Int
  package var marketKey: String
  package var selectionKey: String
  package var lineValue: Double?

  package init(gameID: Int, marketKey: String, selectionKey: String, lineValue: Double?) {
    self.gameID = gameID
    self.marketKey = marketKey
    self.selectionKey = selectionKey
    self.lineValue = lineValue
  }
}

extension FairBoard {
  /// A parlay has 2 to 20 legs.
  package static let parlayLegCount = 2...20

  /// `legs` looked up on the board (bets of games before tip-off or in play at `now`) as
  /// `FairParlayPricing` takes them, with their tiers. Every leg that is not an open bet with a
  /// fair price, a leg twice and two sides of one market (the parlay could never win) are refused,
  /// each naming its leg (`legs[2]`); the count is checked before any leg is looked up, so the
  /// work is bounded before it starts.
  package func parlay(_ legs: [FairParlayLeg], now: Date, base: GameModel, options: SimulationOptions)
    -> (request: FairParlayRequest, tiers: [Tier?], problems: [InputError])
  {
    let none = FairParlayRequest(legs: [], mainLines: [:], base: base, options: options)
    guard Self.parlayLegCount.contains(legs.count) else {
      return (none, [], [.invalid(field: "legs", value: "\(legs.count) legs", reason: "a parlay has 2 to 20 legs")])
    }
    let clashes = Self.clashes(legs)
    if !clashes.isEmpty { return (none, [], clashes) }
    var problems: [InputError] = []
    var out: [FairParlayRequest.Leg] = []
    var tiers: [Tier?] = []
    var mainLines: [Int: (total: Double, spread: Double)] = [:]
    for (i, leg) in legs.enumerated() {
      let candidates = entries.filter {
        $0.game.gameID == leg.gameID && $0.report.market == leg.marketKey && $0.selectionKey == leg.selectionKey
          && (leg.lineValue == nil || abs(($0.report.line ?? 0) - leg.lineValue!) < 1e-9)
          && (isPregame($0.game, now: now) || isInPlay($0.game, now: now))
      }
      let name = "legs[\(i)]"
      let text = "\(leg.gameID) \(leg.marketKey) \(leg.selectionKey)" + (leg.lineValue.map { " \($0)" } ?? "")
      guard let entry = candidates.first, candidates.count == 1 else {
        problems.append(
          .invalid(
            field: name, value: text,
            reason: candidates.isEmpty ? "no such bet open now: see GET /api/fairbet/odds" : "several lines match: give line_value"))
        continue
      }
      guard let p = entry.shownFairProbability else {
        problems.append(
          .invalid(field: name, value: text, reason: "has no fair probability (\(entry.disabled?.rawValue ?? "no reference"))"))
        continue
      }
      out.append(.init(game: leg.gameID, probability: p, market: Self.market(entry), label: entry.report.label))
      tiers.append(entry.tier)
      if mainLines[leg.gameID] == nil, let lines = self.mainLines(of: leg.gameID) { mainLines[leg.gameID] = lines }
    }
    return (FairParlayRequest(legs: out, mainLines: mainLines, base: base, options: options), tiers, problems)
  }

  /// A leg given twice, or two sides of one market, each named.
  static func clashes(_ legs: [FairParlayLeg]) -> [InputError] {
    var out: [InputError] = []
    for j in legs.indices {
      for i in 0..<j
      where legs[i].gameID == legs[j].gameID && legs[i].marketKey == legs[j].marketKey
        && subject(legs[i].selectionKey) == subject(legs[j].selectionKey)
      {
        guard legs[i].lineValue.map(abs) == legs[j].lineValue.map(abs) else { continue }
        let same = legs[i].selectionKey == legs[j].selectionKey && legs[i].lineValue == legs[j].lineValue
        let opposite = legs[i].selectionKey != legs[j].selectionKey
        if same || opposite {
          out.append(
            .invalid(
              field: "legs[\(j)]", value: "\(legs[j].marketKey) \(legs[j].selectionKey)",
              reason: same ? "the same bet as legs[\(i)]" : "the other side of legs[\(i)]'s market: the parlay cannot win"))
        }
      }
    }
    return out
  }

  /// What a leg's `selection_key` is a side of: the team or player of a total
  /// (`total:los_angeles_lakers:over`, `player:lebron_james:over`), empty for the game's total and
  /// for a team's side of a spread or a moneyline: two legs on one market share it, as
  /// `Entry.market` has it.
  static func subject(_ selectionKey: String) -> String {
    let parts = selectionKey.split(separator: ":")
    return parts.count == 3 ? String(parts[1]) : ""
  }

  /// The weakest leg's tier; nil when a leg has none.
  package static func confidence(_ tiers: [Tier?]) -> Tier? {
    tiers.contains { $0 == nil } ? nil : tiers.compactMap { $0 }.min()
  }

  /// The game-model market of a bet: the game total, a spread or a moneyline; nil otherwise.
  static func market(_ entry: Entry) -> ParlayLeg.Market? {
    let home = "team:" + FairBetGame.slug(entry.game.homeTeam), away = "team:" + FairBetGame.slug(entry.game.awayTeam)
    let team: ParlayLeg.Team? = entry.selectionKey == home ? .home : entry.selectionKey == away ? .away : nil
    let line = entry.report.line ?? 0
    switch (entry.report.market, entry.selectionKey, team) {
    case ("totals", "total:over", _): return .total(.over, line: line)
    case ("totals", "total:under", _): return .total(.under, line: line)
    case ("spreads", _, let team?): return .spread(team, line: line)
    case ("h2h", _, let team?): return .moneyline(team)
    default: return nil
    }
  }

  /// A game's fair main total and home spread: the lines whose fair probability is nearest 1/2.
  func mainLines(of game: Int) -> (total: Double, spread: Double)? {
    let priced = entries.filter { $0.game.gameID == game && $0.shownFairProbability != nil }
    func nearestHalf(_ list: [Entry]) -> Double? {
      list.min { abs($0.shownFairProbability! - 0.5) < abs($1.shownFairProbability! - 0.5) }.map { $0.report.line ?? 0 }
    }
    guard let first = priced.first,
      let total = nearestHalf(priced.filter { $0.report.market == "totals" && $0.selectionKey == "total:over" }),
      let spread = nearestHalf(
        priced.filter { $0.report.market == "spreads" && $0.selectionKey == "team:" + FairBetGame.slug(first.game.homeTeam) })
    else { return nil }
    return (total, spread)
  }
}
