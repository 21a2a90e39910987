import Foundation
import OddsMath
import Calibration
import Simulation

/// The games to evaluate, with the feed games that found no place among them.
package struct AssembledSlate: Sendable {
  package var games: [SlateGame]
  package var unmatched: [UnmatchedGame]

  package init(games: [SlateGame], unmatched: [UnmatchedGame] = []) {
    self.games = games
    self.unmatched = unmatched
  }

  /// The slate without the games dated before `day` (YYYY-MM-DD, compared with each game's
  /// schedule date): a feed that still lists games already played does not get them priced as
  /// tonight's. Each is listed in `unmatched` with its date.
  package func leavingOut(before day: String) -> AssembledSlate {
    var out = AssembledSlate(games: [], unmatched: unmatched)
    for game in games {
      if let date = game.info.gameDate, date < day {
        out.unmatched.append(
          UnmatchedGame(
            event: game.id, home: game.homeAbbr, away: game.awayAbbr,
            reason: "dated \(date), before the as-of day \(day)"))
      } else {
        out.games.append(game)
      }
    }
    return out
  }

  /// The games dated `day` only (the agent's tonight lists today's games): those dated before
  /// or after go to `unmatched`, saying so; undated games stay.
  package func on(day: String) -> AssembledSlate {
    var out = leavingOut(before: day)
    let kept = out.games
    out.games = []
    for game in kept {
      if let date = game.info.gameDate, date > day {
        out.unmatched.append(
          UnmatchedGame(
            event: game.id, home: game.homeAbbr, away: game.awayAbbr, reason: "dated \(date), after the day \(day)"))
      } else {
        out.games.append(game)
      }
    }
    return out
  }
}

/// Puts the three ways of giving a slate into one list of `SlateGame`s:
/// - a slate file alone (its entries, `SlateEntry`);
/// - a feed and team stats: one game per feed event, projected by the agent's formula from the
///   two teams' stats (`AgentProjection`), priced at the feed's lines (`FeedLines`);
/// - a slate file and a feed: the file's games and projections, priced at the feed's lines
///   (market by market: a market the feed lacks keeps the file's line, with a note).
/// Teams are matched by `TeamKey` (franchise for NBA teams, normalised name otherwise).
package enum SlateAssembly {
  /// A slate file's games, as the file gives them.
  package static func fromEntries(_ entries: [SlateEntry]) -> AssembledSlate {
    AssembledSlate(games: entries.map(\.game))
  }

  /// `shift`: a fitted model's shift of the stats formula's projections (`ProjectionShift`).
  package static func fromFeed(
    _ feed: Feed, stats: TeamStatsTable, base: GameModel, policy: FairOddsPolicy = FairOddsPolicy(),
    shift: ProjectionShift = .none
  ) -> AssembledSlate {
    var out = AssembledSlate(games: [])
    let asOf = FairOdds.newest(feed.quotes)
    for event in feed.events {
      guard let (homeName, awayName) = teams(of: event, else: &out.unmatched) else { continue }
      let homeStats = stats.stats(for: homeName), awayStats = stats.stats(for: awayName)
      guard let h = homeStats, let a = awayStats else {
        let missing = [homeStats == nil ? homeName : nil, awayStats == nil ? awayName : nil].compactMap { $0 }
        out.unmatched.append(
          UnmatchedGame(
            event: event.label, home: homeName, away: awayName,
            reason: "no team stats for \(missing.map { "'\($0)'" }.joined(separator: " and ")) in \(stats.source)"))
        continue
      }
      let formula = AgentProjection.project(home: h, away: a)
      var model = projected(base, shift.apply(home: formula.0, away: formula.1))
      if let sd = h.sd { model.homeSD = sd }
      if let sd = a.sd { model.awaySD = sd }
      var info = info(for: event)
      if !shift.isNone {
        info.notes.append(
          String(
            format: "projections %.2f-%.2f: the stats formula's %.2f-%.2f shifted by the model's home advantage %+.2f and total shift %+.2f",
            model.homeMean, model.awayMean, formula.0, formula.1, shift.homeAdvantage, shift.totalShift))
      }
      teams(&info, home: (h.ppg, h.oppPPG, h.games), away: (a.ppg, a.oppPPG, a.games), model: model)
      out.games.append(priced(event, homeName, awayName, model: model, info: info, policy: policy, asOf: asOf))
    }
    return out
  }

  /// A game projected to means `p` (home, away) from `base`, held within the engine's range.
  static func projected(_ base: GameModel, _ p: (home: Double, away: Double)) -> GameModel {
    var model = base
    model.homeMean = min(max(p.home, 0), GameModel.maxProjection)
    model.awayMean = min(max(p.away, 0), GameModel.maxProjection)
    return model
  }

  /// The agent's per-team fields of a projected game: points scored and allowed a game, games
  /// played, and the sds the model uses.
  static func teams(
    _ info: inout GameInfo, home: (ppg: Double, oppPPG: Double, games: Int?),
    away: (ppg: Double, oppPPG: Double, games: Int?), model: GameModel
  ) {
    info.homePPG = home.ppg
    info.homeOppPPG = home.oppPPG
    info.homeStd = model.homeSD
    info.homeGames = home.games
    info.awayPPG = away.ppg
    info.awayOppPPG = away.oppPPG
    info.awayStd = model.awaySD
    info.awayGames = away.games
  }

  /// The game at the feed's lines for it (their notes added to the game's).
  static func priced(
    _ event: FeedEvent, _ homeName: String, _ awayName: String, model: GameModel, info: GameInfo,
    policy: FairOddsPolicy, asOf: Date
  ) -> SlateGame {
    var info = info
    let lines = FeedLines.lines(for: event, policy: policy, asOf: asOf)
    info.notes += lines.notes
    var out = game(event, homeName, awayName, model: model, markets: lines.markets, problem: nil, info: info)
    out.quotedPeriods = lines.periods
    return out
  }

  /// A feed and team ratings (`TeamRatings`, fitted on results before the slate's day): each
  /// game projected from its teams' offense and defense, the home advantage and the teams'
  /// back-to-backs on `day` (the slate's `YYYY-MM-DD`), shifted by a model fitted on ratings
  /// (`shift`), priced at the feed's lines. Teams are matched by `TeamKey`.
  package static func fromFeedRatings(
    _ feed: Feed, ratings: TeamRatings, day: String, base: GameModel, policy: FairOddsPolicy = FairOddsPolicy(),
    shift: ProjectionShift = .none
  ) -> AssembledSlate {
    var out = AssembledSlate(games: [])
    let asOf = FairOdds.newest(feed.quotes)
    var codes: [TeamKey: String] = [:]
    for t in ratings.teams { codes[TeamKey(t.team)] = t.team }
    for event in feed.events {
      guard let (homeName, awayName) = teams(of: event, else: &out.unmatched) else { continue }
      let home = codes[TeamKey(homeName)], away = codes[TeamKey(awayName)]
      guard let home, let away else {
        let missing = [home == nil ? homeName : nil, away == nil ? awayName : nil].compactMap { $0 }
        out.unmatched.append(
          UnmatchedGame(
            event: event.label, home: homeName, away: awayName,
            reason: "no rating for \(missing.map { "'\($0)'" }.joined(separator: " and ")) in the results before \(ratings.asOf)"))
        continue
      }
      let few = [home, away].filter { (ratings.team($0)?.gamesInFile ?? 0) < RatingsReplay.minimumGames }
      guard few.isEmpty else {
        out.unmatched.append(
          UnmatchedGame(
            event: event.label, home: homeName, away: awayName,
            reason:
              "\(few.joined(separator: " and ")) played fewer than \(RatingsReplay.minimumGames) games in the results before \(ratings.asOf): no rating projects them"
          ))
        continue
      }
      let homeTired = ratings.backToBack(home, on: day), awayTired = ratings.backToBack(away, on: day)
      let p = ratings.project(home: home, away: away, homeBackToBack: homeTired, awayBackToBack: awayTired)!
      let model = projected(base, shift.apply(home: p.home, away: p.away))
      var info = info(for: event)
      let h = ratings.team(home)!, a = ratings.team(away)!
      func f(_ x: Double, _ spec: String = "%+.1f") -> String { String(format: spec, x) }
      var note = "projections \(f(model.homeMean, "%.2f"))-\(f(model.awayMean, "%.2f")) from team ratings as of \(ratings.asOf): "
      note += "\(home) \(f(h.rating)) (offense \(f(h.offense)), defense \(f(h.defense))), "
      note += "\(away) \(f(a.rating)) (offense \(f(a.offense)), defense \(f(a.defense))), home advantage \(f(ratings.homeAdvantage))"
      if homeTired { note += ", \(home) on a back-to-back" }
      if awayTired { note += ", \(away) on a back-to-back" }
      if !shift.isNone {
        note += ", shifted by the model's home advantage \(f(shift.homeAdvantage, "%+.2f")) and total shift \(f(shift.totalShift, "%+.2f"))"
      }
      info.notes.append(note)
      // The agent's per-team fields in the ratings' terms: against an average team.
      teams(
        &info, home: (ratings.league + h.offense, ratings.league - h.defense, h.games),
        away: (ratings.league + a.offense, ratings.league - a.defense, a.games), model: model)
      out.games.append(priced(event, homeName, awayName, model: model, info: info, policy: policy, asOf: asOf))
    }
    return out
  }

  /// A feed alone, each game projected from its own market: the means under which the feed's
  /// main total and spread are fair lines (`MarketImpliedMeans`), so the moneyline and every
  /// other market of the game are priced consistently with those two. A game without both lines,
  /// or whose lines the model cannot reproduce, is that game's error.
  package static func fromFeedMarkets(
    _ feed: Feed, base: GameModel, policy: FairOddsPolicy = FairOddsPolicy()
  ) -> AssembledSlate {
    var out = AssembledSlate(games: [])
    let asOf = FairOdds.newest(feed.quotes)
    for event in feed.events {
      guard let (homeName, awayName) = teams(of: event, else: &out.unmatched) else { continue }
      let lines = FeedLines.lines(for: event, policy: policy, asOf: asOf)
      var info = info(for: event)
      info.notes += lines.notes
      var model: GameModel? = nil
      var problem: String? = nil
      if let total = lines.markets.total?.line, let spread = lines.markets.spread?.homeLine {
        do {
          model = try MarketImpliedMeans.solve(total: total, spread: spread, model: base)
          info.notes.append(
            String(format: "projections %.2f-%.2f from the market's total %g and home spread %+g", model!.homeMean, model!.awayMean, total, spread))
        } catch {
          problem = "no market projection: \(error)"
        }
      } else {
        problem = "no market projection: the feed needs the game's main total and spread"
      }
      var priced = game(event, homeName, awayName, model: model, markets: lines.markets, problem: problem, info: info)
      priced.quotedPeriods = lines.periods
      out.games.append(priced)
    }
    return out
  }

  /// A feed event as a slate game: its id, its teams' abbreviations where the directory knows them.
  static func game(
    _ event: FeedEvent, _ home: String, _ away: String, model: GameModel?, markets: GameMarkets, problem: String?,
    info: GameInfo
  ) -> SlateGame {
    SlateGame(
      id: event.id ?? event.label, homeAbbr: TeamKey(home).team?.abbreviation ?? home,
      awayAbbr: TeamKey(away).team?.abbreviation ?? away, model: model, markets: markets, problem: problem, info: info)
  }

  /// The event's two teams, or nil with the event listed as unmatched.
  static func teams(of event: FeedEvent, else unmatched: inout [UnmatchedGame]) -> (String, String)? {
    guard let home = event.home, let away = event.away else {
      unmatched.append(
        UnmatchedGame(
          event: event.label, home: nil, away: nil, reason: "the event does not name its teams (write it AWAY@HOME)"))
      return nil
    }
    return (home, away)
  }

  package static func attach(
    _ feed: Feed, to entries: [SlateEntry], policy: FairOddsPolicy = FairOddsPolicy()
  ) -> AssembledSlate {
    var out = AssembledSlate(games: [])
    let asOf = FairOdds.newest(feed.quotes)
    var claimed = Set<Int>()
    for entry in entries {
      var game = entry.game
      let match = feed.events.indices.first { i in
        guard !claimed.contains(i), let h = feed.events[i].home, let a = feed.events[i].away,
          let eh = entry.home, let ea = entry.away
        else { return false }
        return TeamKey(h) == eh && TeamKey(a) == ea
      }
      guard let i = match else {
        game.info.notes.append(
          game.markets.isEmpty ? "not in the odds feed" : "not in the odds feed: priced at the slate file's lines")
        out.games.append(game)
        continue
      }
      claimed.insert(i)
      let event = feed.events[i]
      let lines = FeedLines.lines(for: event, policy: policy, asOf: asOf)
      game.markets = merged(file: game.markets, feed: lines.markets, notes: &game.info.notes)
      // A period the file asks for takes the feed's markets where the feed quotes them (market by
      // market, as the full game's); the feed's other periods are quoted beside.
      let asked = Set(game.periods.map(\.period))
      game.periods = game.periods.map { q in
        lines.periods.first { $0.period == q.period }.map { merged(file: q, feed: $0, notes: &game.info.notes) } ?? q
      }
      game.quotedPeriods = lines.periods.filter { !asked.contains($0.period) }
      let feedInfo = info(for: event)
      game.info.startTime = feedInfo.startTime
      game.info.gameDate = game.info.gameDate ?? feedInfo.gameDate
      game.info.live = feedInfo.live
      game.info.notes += lines.notes
      out.games.append(game)
    }
    for (i, event) in feed.events.enumerated() where !claimed.contains(i) {
      out.unmatched.append(
        UnmatchedGame(
          event: event.label, home: event.home, away: event.away, reason: "no game in the slate file for these teams"))
    }
    return out
  }

  /// Each market from the feed where it has one, else the file's (with a note saying so).
  static func merged(file: GameMarkets, feed: GameMarkets, notes: inout [String]) -> GameMarkets {
    var m = feed
    if m.total == nil, let total = file.total {
      m.total = total
      notes.append("total from the slate file: the odds feed has none for this game")
    }
    if m.spread == nil, let spread = file.spread {
      m.spread = spread
      notes.append("spread from the slate file: the odds feed has none for this game")
    }
    if m.moneyline == nil, let moneyline = file.moneyline {
      m.moneyline = moneyline
      notes.append("moneyline from the slate file: the odds feed has none for this game")
    }
    return m
  }

  /// A period's markets from the feed where it has them, else the file's (with a note saying
  /// so); a two-way moneyline keeps the file's tie rule.
  static func merged(file: PeriodQuote, feed: PeriodQuote, notes: inout [String]) -> PeriodQuote {
    var m = feed
    let name = file.period.rawValue
    if m.totalLine == nil, let line = file.totalLine {
      (m.totalLine, m.prices.over, m.prices.under, m.prices.fair[.total]) = (line, file.prices.over, file.prices.under, file.prices.fair[.total])
      notes.append("\(name) total from the slate file: the odds feed has none for this period")
    }
    if m.spread == nil, let line = file.spread {
      (m.spread, m.prices.homeSpread, m.prices.awaySpread) = (line, file.prices.homeSpread, file.prices.awaySpread)
      m.prices.fair[.spread] = file.prices.fair[.spread]
      notes.append("\(name) spread from the slate file: the odds feed has none for this period")
    }
    let feedMoneyline = [m.prices.home, m.prices.away, m.prices.draw].contains { $0 != nil }
    if !feedMoneyline, [file.prices.home, file.prices.away, file.prices.draw].contains(where: { $0 != nil }) {
      (m.prices.home, m.prices.away, m.prices.draw) = (file.prices.home, file.prices.away, file.prices.draw)
      m.prices.fair[.moneyline] = file.prices.fair[.moneyline]
      notes.append("\(name) moneyline from the slate file: the odds feed has none for this period")
    }
    if m.prices.draw == nil { m.prices.tieLoses = file.prices.tieLoses }
    return m
  }

  /// The event's facts as the tonight endpoint gives them.
  static func info(for event: FeedEvent) -> GameInfo {
    var info = GameInfo()
    let home = event.home.flatMap(TeamDirectory.resolve), away = event.away.flatMap(TeamDirectory.resolve)
    info.homeTeam = home?.fullName ?? event.home
    info.awayTeam = away?.fullName ?? event.away
    info.homeTeamID = home?.id
    info.awayTeamID = away?.id
    if let start = event.commenceTime {
      info.startTime = Timestamp.format(start)
      info.gameDate = easternDate(start)
    }
    if event.live { info.live = true }
    return info
  }

  /// The date of a start time in US Eastern time, the NBA schedule's date (an 00:10Z tip-off is
  /// the evening before).
  package static func easternDate(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "America/New_York") ?? TimeZone(secondsFromGMT: -5 * 3600)!
    let c = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
  }
}

/// What a feed's games are projected from: the one choice of assembler, for `mcsim slate` and
/// the server's live slate alike.
package enum SlateProjections: Sendable {
  /// A slate file's games and projections, priced at the feed's lines.
  case file([SlateEntry])
  /// Means implied by each game's own market.
  case market
  /// Team ratings fitted on results before `day`.
  case ratings(TeamRatings, day: String)
  /// The agent's formula on team stats.
  case stats(TeamStatsTable)
}

extension SlateAssembly {
  /// `feed`'s games projected by `projections` over `base`, priced at the feed's lines devigged
  /// by `policy`; `shift` moves a formula's means as the model's fit says (`ProjectionShift`).
  package static func assemble(
    _ feed: Feed, from projections: SlateProjections, base: GameModel, policy: FairOddsPolicy, shift: ProjectionShift
  ) -> AssembledSlate {
    switch projections {
    case .file(let entries): attach(feed, to: entries, policy: policy)
    case .market: fromFeedMarkets(feed, base: base, policy: policy)
    case .ratings(let ratings, let day): fromFeedRatings(feed, ratings: ratings, day: day, base: base, policy: policy, shift: shift)
    case .stats(let stats): fromFeed(feed, stats: stats, base: base, policy: policy, shift: shift)
    }
  }
}
