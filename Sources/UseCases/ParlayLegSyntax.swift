import Foundation
import Simulation

/// The written form of a parlay leg and of a player projection, the same on the command line
/// (`--leg`, `--player`) and in a parlay file:
///
///   over:225.5  under:225.5           the game total
///   home-spread:-3.5  away-spread:+3.5
///   home-ml  away-ml                  moneyline
///   home-over:115.5  away-under:110.5 team totals
///   NAME:STAT:over:LINE               a player prop (STAT: points, rebounds, assists, threes, pra)
///
///   NAME:TEAM:STAT:MEAN:SD[:CORR]     a player projection (TEAM home or away; CORR his stat's
///                                     correlation with his team's points, default by stat)
///
/// Alternate lines are the same legs at other numbers.
package enum ParlayLegSyntax {
  package static let gameLegForms = [
    "over:LINE", "under:LINE", "home-spread:LINE", "away-spread:LINE", "home-ml", "away-ml", "home-over:LINE",
    "home-under:LINE", "away-over:LINE", "away-under:LINE", "NAME:STAT:over|under:LINE",
  ]

  /// The parlay of one game written as legs and player projections (`--leg`, `--player`), each
  /// refused naming `leg` or `player` and quoting its text; the game's model checked first.
  package static func parlay(game: GameModel, players: [String], legs: [String]) throws(InputError) -> Parlay {
    try game.validate()
    let projections = try players.map { text throws(InputError) in
      let p = try player(text)
      if let problem = p.problems().first {
        throw InputError.invalid(
          field: "player", value: "'\(text)'",
          reason: "\(problem.field.split(separator: ".").last.map(String.init) ?? problem.field) \(problem.value) \(problem.reason)")
      }
      return p
    }
    let parsed = try legs.map { text throws(InputError) in try leg(text) }
    let parlay = Parlay(games: [game], players: projections, legs: parsed)
    try parlay.validate()
    return parlay
  }

  /// The leg `text` on game `game`; `field` names it in errors (`leg`, `legs[2]`).
  package static func leg(_ text: String, game: Int = 0, field: String = "leg") throws(InputError) -> ParlayLeg {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map {
      String($0).trimmingCharacters(in: .whitespaces)
    }
    func fail(_ reason: String) -> InputError { .invalid(field: field, value: "'\(text)'", reason: reason) }
    func number(_ s: String) throws(InputError) -> Double {
      guard let v = Double(s.hasPrefix("+") ? String(s.dropFirst()) : s), v.isFinite else {
        throw fail("'\(s)' is not a number")
      }
      return v
    }
    func lined(_ make: (Double) -> ParlayLeg.Market) throws(InputError) -> ParlayLeg {
      guard parts.count == 2 else { throw fail("needs one line after ':' (e.g. \(parts[0]):225.5)") }
      return ParlayLeg(game: game, market: make(try number(parts[1])), label: text)
    }
    switch parts[0].lowercased() {
    case "over": return try lined { .total(.over, line: $0) }
    case "under": return try lined { .total(.under, line: $0) }
    case "home-spread": return try lined { .spread(.home, line: $0) }
    case "away-spread": return try lined { .spread(.away, line: $0) }
    case "home-over": return try lined { .teamTotal(.home, .over, line: $0) }
    case "home-under": return try lined { .teamTotal(.home, .under, line: $0) }
    case "away-over": return try lined { .teamTotal(.away, .over, line: $0) }
    case "away-under": return try lined { .teamTotal(.away, .under, line: $0) }
    case "home-ml", "away-ml":
      guard parts.count == 1 else { throw fail("a moneyline takes no line") }
      return ParlayLeg(game: game, market: .moneyline(parts[0].lowercased() == "home-ml" ? .home : .away), label: text)
    default:
      guard parts.count == 4 else {
        throw fail("unknown leg; expected one of \(gameLegForms.joined(separator: ", "))")
      }
      guard let stat = PlayerStat(rawValue: parts[1].lowercased()) else {
        throw fail("unknown stat '\(parts[1])'; expected one of \(PlayerStat.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      guard let side = ParlayLeg.Side(rawValue: parts[2].lowercased()) else {
        throw fail("'\(parts[2])' must be over or under")
      }
      return ParlayLeg(
        game: game, market: .player(name: parts[0], stat: stat, side, line: try number(parts[3])), label: text)
    }
  }

  /// The player projection `text` (NAME:TEAM:STAT:MEAN:SD[:CORR]) in game `game`.
  package static func player(_ text: String, game: Int = 0, field: String = "player") throws(InputError)
    -> PlayerProjection
  {
    var parts = text.split(separator: ":", omittingEmptySubsequences: false).map {
      String($0).trimmingCharacters(in: .whitespaces)
    }
    func fail(_ reason: String) -> InputError { .invalid(field: field, value: "'\(text)'", reason: reason) }
    // An optional last part names the count's margin (`CountMargin`).
    var margin = CountMargin.normal
    if parts.count >= 6, let last = parts.last, Double(last) == nil {
      guard let m = CountMargin(named: last) else {
        throw fail("'\(last)' is not a correlation or a distribution (\(CountMargin.names))")
      }
      margin = m
      parts.removeLast()
    }
    guard parts.count == 5 || parts.count == 6 else { throw fail("expected NAME:TEAM:STAT:MEAN:SD[:CORR][:DISTRIBUTION]") }
    guard let team = ParlayLeg.Team(rawValue: parts[1].lowercased()) else { throw fail("'\(parts[1])' must be home or away") }
    guard let stat = PlayerStat(rawValue: parts[2].lowercased()) else {
      throw fail("unknown stat '\(parts[2])'; expected one of \(PlayerStat.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    func number(_ s: String, _ what: String) throws(InputError) -> Double {
      guard let v = Double(s) else { throw fail("\(what) '\(s)' is not a number") }
      return v
    }
    var projection = PlayerProjection(
      name: parts[0], stat: stat, game: game, team: team, mean: try number(parts[3], "mean"),
      sd: try number(parts[4], "sd"), teamCorrelation: parts.count == 6 ? try number(parts[5], "correlation") : nil)
    projection.margin = margin
    return projection
  }
}
