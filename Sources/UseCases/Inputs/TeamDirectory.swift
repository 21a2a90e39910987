import Foundation

/// An NBA franchise: the NBA's team id, the tricode, the full name as feeds print it, and the
/// other names people and feeds use for it.
package struct Team: Hashable, Sendable {
  package let id: Int
  package let abbreviation: String
  package let fullName: String
  /// Nicknames, older names of the franchise, other tricodes and spellings ("LA Clippers",
  /// "Clippers", "LAC"; "New Jersey Nets", "BRK", "NJN").
  package let aliases: [String]
}

/// Resolves any name a feed, a stats file or a user gives a team to one `Team`: full names,
/// nicknames, abbreviations and common variants, compared after `TeamDirectory.normalise`
/// (case, punctuation, spacing). Names shared by two franchises ("Los Angeles", "LA") resolve to
/// none, so an ambiguous name is reported rather than guessed. Franchise-level, like the shared
/// results data: a relocated or renamed team is its current franchise (New Jersey Nets -> BKN,
/// Seattle SuperSonics -> OKC, New Orleans Hornets -> NOP, Charlotte Bobcats -> CHA).
package enum TeamDirectory {
  package static let nba: [Team] = [
    Team(id: 1610612737, abbreviation: "ATL", fullName: "Atlanta Hawks", aliases: ["Hawks", "Atlanta"]),
    Team(id: 1610612738, abbreviation: "BOS", fullName: "Boston Celtics", aliases: ["Celtics", "Boston"]),
    Team(
      id: 1610612751, abbreviation: "BKN", fullName: "Brooklyn Nets",
      aliases: ["Nets", "Brooklyn", "BRK", "BKLYN", "NJN", "NJ", "New Jersey Nets", "New Jersey"]),
    Team(
      id: 1610612766, abbreviation: "CHA", fullName: "Charlotte Hornets",
      aliases: ["Hornets", "Charlotte", "CHO", "CHH", "Charlotte Bobcats", "Bobcats"]),
    Team(id: 1610612741, abbreviation: "CHI", fullName: "Chicago Bulls", aliases: ["Bulls", "Chicago"]),
    Team(id: 1610612739, abbreviation: "CLE", fullName: "Cleveland Cavaliers", aliases: ["Cavaliers", "Cavs", "Cleveland"]),
    Team(id: 1610612742, abbreviation: "DAL", fullName: "Dallas Mavericks", aliases: ["Mavericks", "Mavs", "Dallas"]),
    Team(id: 1610612743, abbreviation: "DEN", fullName: "Denver Nuggets", aliases: ["Nuggets", "Denver"]),
    Team(id: 1610612765, abbreviation: "DET", fullName: "Detroit Pistons", aliases: ["Pistons", "Detroit"]),
    Team(
      id: 1610612744, abbreviation: "GSW", fullName: "Golden State Warriors",
      aliases: ["Warriors", "Golden State", "GS", "GSW Warriors"]),
    Team(id: 1610612745, abbreviation: "HOU", fullName: "Houston Rockets", aliases: ["Rockets", "Houston"]),
    Team(id: 1610612754, abbreviation: "IND", fullName: "Indiana Pacers", aliases: ["Pacers", "Indiana"]),
    Team(
      id: 1610612746, abbreviation: "LAC", fullName: "Los Angeles Clippers",
      aliases: ["LA Clippers", "L.A. Clippers", "Clippers", "LA Clips", "Clips"]),
    Team(
      id: 1610612747, abbreviation: "LAL", fullName: "Los Angeles Lakers",
      aliases: ["LA Lakers", "L.A. Lakers", "Lakers"]),
    Team(id: 1610612763, abbreviation: "MEM", fullName: "Memphis Grizzlies", aliases: ["Grizzlies", "Grizz", "Memphis"]),
    Team(id: 1610612748, abbreviation: "MIA", fullName: "Miami Heat", aliases: ["Heat", "Miami"]),
    Team(id: 1610612749, abbreviation: "MIL", fullName: "Milwaukee Bucks", aliases: ["Bucks", "Milwaukee"]),
    Team(
      id: 1610612750, abbreviation: "MIN", fullName: "Minnesota Timberwolves",
      aliases: ["Timberwolves", "Wolves", "T-Wolves", "Minnesota"]),
    Team(
      id: 1610612740, abbreviation: "NOP", fullName: "New Orleans Pelicans",
      aliases: [
        "Pelicans", "Pels", "New Orleans", "NO", "NOR", "NOH", "NOK", "New Orleans Hornets",
        "New Orleans/Oklahoma City Hornets",
      ]),
    Team(id: 1610612752, abbreviation: "NYK", fullName: "New York Knicks", aliases: ["Knicks", "New York", "NY"]),
    Team(
      id: 1610612760, abbreviation: "OKC", fullName: "Oklahoma City Thunder",
      aliases: ["Thunder", "Oklahoma City", "OKL", "Seattle SuperSonics", "SuperSonics", "Sonics", "SEA"]),
    Team(id: 1610612753, abbreviation: "ORL", fullName: "Orlando Magic", aliases: ["Magic", "Orlando"]),
    Team(
      id: 1610612755, abbreviation: "PHI", fullName: "Philadelphia 76ers",
      aliases: ["76ers", "Sixers", "Philadelphia", "Philadelphia Sixers", "PHL"]),
    Team(id: 1610612756, abbreviation: "PHX", fullName: "Phoenix Suns", aliases: ["Suns", "Phoenix", "PHO"]),
    Team(
      id: 1610612757, abbreviation: "POR", fullName: "Portland Trail Blazers",
      aliases: ["Trail Blazers", "Trailblazers", "Blazers", "Portland", "Portland Trailblazers"]),
    Team(id: 1610612758, abbreviation: "SAC", fullName: "Sacramento Kings", aliases: ["Kings", "Sacramento"]),
    Team(id: 1610612759, abbreviation: "SAS", fullName: "San Antonio Spurs", aliases: ["Spurs", "San Antonio", "SA"]),
    Team(id: 1610612761, abbreviation: "TOR", fullName: "Toronto Raptors", aliases: ["Raptors", "Toronto"]),
    Team(id: 1610612762, abbreviation: "UTA", fullName: "Utah Jazz", aliases: ["Jazz", "Utah", "UTAH", "UTH"]),
    Team(
      id: 1610612764, abbreviation: "WAS", fullName: "Washington Wizards",
      aliases: ["Wizards", "Washington", "WSH", "WAS Wizards"]),
  ]

  private static let index: [String: Team] = {
    var names: [String: Team?] = [:]
    for team in nba {
      for name in [team.abbreviation, team.fullName, String(team.id)] + team.aliases {
        let key = normalise(name)
        if let existing = names[key], existing != team {
          names[key] = .some(nil)  // shared by two franchises: ambiguous
        } else {
          names[key] = team
        }
      }
    }
    return names.compactMapValues { $0 }
  }()

  /// The team a name stands for, or nil when it names no NBA team or more than one.
  package static func resolve(_ name: String) -> Team? {
    index[normalise(name)]
  }

  /// The team with this NBA team id.
  package static func team(id: Int) -> Team? {
    nba.first { $0.id == id }
  }

  /// Lowercased, accents and punctuation dropped ("L.A." -> "la", "T-Wolves" -> "t wolves"),
  /// runs of spaces collapsed.
  package static func normalise(_ name: String) -> String {
    let folded = name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
    var out = ""
    var space = false
    for ch in folded {
      if ch == "." || ch == "'" || ch == "’" { continue }
      if ch.isLetter || ch.isNumber {
        if space && !out.isEmpty { out.append(" ") }
        out.append(ch)
        space = false
      } else {
        space = true
      }
    }
    return out
  }
}

/// How games from different sources are matched: an NBA team by its franchise, any other
/// (another sport, a team the directory does not know) by its normalised name.
package struct TeamKey: Hashable, Sendable, CustomStringConvertible {
  package let key: String
  package let team: Team?

  package init(_ name: String) {
    team = TeamDirectory.resolve(name)
    key = team?.abbreviation ?? "name:" + TeamDirectory.normalise(name)
  }

  package var description: String { team?.abbreviation ?? String(key.dropFirst(5)) }
}
