import Multivariate

/// Team ratings walked forward through results in date order (`RatingsState`): before each date,
/// the ratings from every earlier game; the date's games are counted only after all of them have
/// been projected. So a date's ratings read no result of that date or any later one, and change
/// bit for bit only with earlier rows.
package enum RatingsReplay {
  /// Games each team must have played in the file (any season) before its ratings project it.
  package static let minimumGames = 5

  /// One projection per game (nil where a team has played fewer than `minimumGames` games in the
  /// file before it), in the order of `games`, which must be in date order with each season's
  /// games together (a season label that returns, or two on one date, is refused).
  package static func projections(
    _ games: [HistoricalGame], settings: RatingsSettings, minimumGames: Int = minimumGames
  ) throws(MultivariateError) -> [Projection?] {
    var out = [Projection?](repeating: nil, count: games.count)
    _ = try walk(games, settings: settings, until: nil) { state, theta, i, homeTired, awayTired in
      guard let h = state.index(of: games[i].home), let a = state.index(of: games[i].away),
        state.fileGames[h] >= minimumGames, state.fileGames[a] >= minimumGames
      else { return }
      out[i] = state.project(theta, home: h, away: a, homeTired: homeTired, awayTired: awayTired)
    }
    return out
  }

  /// A day more than this many days after the last game starts a new season: the ratings are
  /// last season's, carried as the walk carries them into a season's first date.
  package static let offSeasonDays = 90

  /// The ratings as of `asOf` (`YYYY-MM-DD`): from the games dated before it, as the walk would
  /// project a game on that day; nil: after the last game. Any day after the last result rates
  /// from every game (and says how stale that is: `TeamRatings.daysSinceLastResult`). Shown: the
  /// teams that played within a year of the last result before the day (in order of first
  /// appearance), offense and defense relative to them.
  package static func ratings(_ games: [HistoricalGame], asOf: String?, settings: RatingsSettings)
    throws(MultivariateError) -> TeamRatings
  {
    var state = try walk(games, settings: settings, until: asOf, visit: nil)
    var season = state.season
    if let asOf, let day = CivilDay.number(asOf), let last = state.lastDay, day - last > offSeasonDays, let s = season {
      try state.begin(season: s + " (next)")
      season = nil
    }
    var theta = try state.solve()
    state.recentre(&theta)
    // The teams of the last year of results: however long after the last result the day is, the
    // teams then playing are the ones rated (the ratings say how stale they are).
    let latest = (state.lastDay ?? 0) + 1
    let shown = state.teamCodes.indices.filter { state.lastPlayedDay($0).map { latest - $0 <= 366 } ?? false }
    // Offense and defense relative to the teams shown (the league level takes the difference).
    let n = Double(max(shown.count, 1))
    let mo = shown.reduce(0) { $0 + state.offense(theta, $1) } / n
    let md = shown.reduce(0) { $0 + state.defense(theta, $1) } / n
    let teams = shown.map { t in
      TeamRatings.Team(
        team: state.teamCodes[t], offense: state.offense(theta, t) - mo, defense: state.defense(theta, t) - md,
        games: state.seasonGames[t], gamesInFile: state.fileGames[t],
        lastGame: state.lastPlayedDay(t).map(CivilDay.civil))
    }
    let lastDate = games.last { g in asOf.map { g.date < $0 } ?? true }?.date
    return TeamRatings(
      asOf: asOf ?? lastDate.flatMap(CivilDay.next) ?? "", season: season, league: theta[0] + mo - md,
      homeAdvantage: theta[1], backToBackOwn: theta[2], backToBackOpponent: theta[3], teams: teams,
      settings: settings, lastResult: lastDate)
  }

  /// Walks the games dated before `until` (all when nil) a date at a time: `visit` sees each game
  /// of a date (its index, whether each team is on a back-to-back) before any of them is counted,
  /// with the ratings of that date. Returns the state after the last date.
  static func walk(
    _ games: [HistoricalGame], settings: RatingsSettings, until: String?,
    visit: ((RatingsState, [Double], Int, Bool, Bool) -> Void)?
  ) throws(MultivariateError) -> RatingsState {
    var teams = Set<String>()
    for g in games {
      teams.insert(g.home)
      teams.insert(g.away)
    }
    var state = RatingsState(settings: settings, teams: teams.count)
    var seasons = Set<String>()
    var start = 0
    while start < games.count {
      let date = games[start].date
      if let until, date >= until { break }
      var end = start
      while end < games.count && games[end].date == date { end += 1 }
      guard let day = CivilDay.number(date) else {
        throw .invalid(field: "date", value: date, reason: "line \(games[start].line): not a YYYY-MM-DD date")
      }
      let season = games[start].season
      if let bad = games[start..<end].first(where: { $0.season != season }) {
        throw .invalid(
          field: "season", value: bad.season,
          reason: "line \(bad.line): the date \(date) also has season \(season) (line \(games[start].line))")
      }
      if season != state.season {
        if seasons.contains(season) {
          throw .invalid(
            field: "season", value: season,
            reason: "line \(games[start].line): season \(season) again after \(state.season ?? ""): a season's games must be together in date order")
        }
        seasons.insert(season)
      }
      try state.begin(season: season)
      var tired: [(Bool, Bool)] = []
      for i in start..<end {
        let h = state.team(games[i].home), a = state.team(games[i].away)
        tired.append((state.backToBack(h, on: day), state.backToBack(a, on: day)))
      }
      if let visit {
        let theta = try state.solve()
        for i in start..<end { visit(state, theta, i, tired[i - start].0, tired[i - start].1) }
      }
      state.advance(to: day)
      for i in start..<end {
        let g = games[i]
        state.add(
          g, home: state.index(of: g.home)!, away: state.index(of: g.away)!, homeTired: tired[i - start].0,
          awayTired: tired[i - start].1)
      }
      start = end
    }
    return state
  }
}

extension CivilDay {
  /// The day after `date` (`YYYY-MM-DD`), nil for text that is not such a date.
  package static func next(_ date: String) -> String? {
    guard let n = number(date) else { return nil }
    return civil(n + 1)
  }

  /// The `YYYY-MM-DD` of a day number (Hinnant's civil_from_days).
  package static func civil(_ days: Int) -> String {
    let z = days + 719468
    let era = (z >= 0 ? z : z - 146096) / 146097
    let doe = z - era * 146097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp + (mp < 10 ? 3 : -9)
    let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
    func pad(_ x: Int, _ w: Int) -> String { String(repeating: "0", count: max(0, w - String(x).count)) + String(x) }
    return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))"
  }
}
