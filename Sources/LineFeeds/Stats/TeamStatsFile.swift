import Foundation
import ServiceContracts
import UseCases

/// A team-stats JSON file, either shape detected per entry:
/// - the platform's `GET /api/teams` (docs/contracts.md, "Betting agent"): an array of
///   `{"team_id", "full_name", "abbreviation", "points_avg", "points_allowed_avg", ...}`;
///   `points_avg` is the agent's ppg and `points_allowed_avg` its opp_ppg; there is no sd, so
///   the model's default applies;
/// - mcsim's native stats: `{"teams": [{"team": "BOS", "ppg": 118.2, "opp_ppg": 110.4, "sd": 12.1,
///   "games": 40}]}` (or a bare array), `sd` and `games` optional, `team` any name the team
///   directory knows. An sd below 8 is raised to 8, as the agent floored its sds.
/// A bad entry is skipped and reported with its path; the others are kept.
package enum TeamStatsFile {
  package static func decode(_ data: Data, source: String) throws(InputDecodingError) -> TeamStatsTable {
    let raw = try InputDecodingError.decode(RawFile.self, from: data)
    var table = TeamStatsTable(source: source)
    for slot in raw.entries {
      switch slot {
      case .success(let stats): table.add(stats)
      case .failure(let error): table.skipped.append(error.description)
      }
    }
    if table.count == 0 {
      throw InputDecodingError("no usable team in the stats file\(table.skipped.first.map { " (\($0))" } ?? "")")
    }
    return table
  }

  private struct RawFile: Decodable {
    var entries: [Result<TeamStats, InputDecodingError>]

    init(from decoder: any Decoder) throws {
      var list: any UnkeyedDecodingContainer
      if let l = try? decoder.unkeyedContainer() {
        list = l
      } else {
        let c = try decoder.container(keyedBy: AnyKey.self)
        list = try c.nestedUnkeyedContainer(forKey: AnyKey("teams"))
      }
      entries = []
      while !list.isAtEnd { entries.append(try list.decode(Isolated<RawTeam>.self).result.map(\.stats)) }
    }
  }

  private struct RawTeam: Decodable, Sendable {
    var stats: TeamStats

    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: AnyKey.self)
      func number(_ k: String) throws -> Double { try c.decode(LooseNumber.self, forKey: AnyKey(k)).value }
      if c.contains(AnyKey("points_avg")) {
        let id = try c.decodeIfPresent(Int.self, forKey: AnyKey("team_id"))
        let abbreviation = try c.decodeIfPresent(String.self, forKey: AnyKey("abbreviation"))
        let fullName = try c.decodeIfPresent(String.self, forKey: AnyKey("full_name"))
        guard let name = fullName ?? abbreviation else {
          throw DecodingError.keyNotFound(AnyKey("full_name"), .init(codingPath: c.codingPath, debugDescription: ""))
        }
        let team =
          id.flatMap(TeamDirectory.team(id:)) ?? TeamDirectory.resolve(name)
          ?? abbreviation.flatMap(TeamDirectory.resolve)
        stats = TeamStats(
          name: name, team: team, ppg: try number("points_avg"), oppPPG: try number("points_allowed_avg"))
      } else {
        let name = try c.decode(String.self, forKey: AnyKey("team"))
        let sd = try c.decodeIfPresent(LooseNumber.self, forKey: AnyKey("sd"))?.value
        if let sd, !(sd > 0) {
          throw DecodingError.dataCorruptedError(forKey: AnyKey("sd"), in: c, debugDescription: "\(sd) must be greater than 0")
        }
        stats = TeamStats(
          name: name, ppg: try number("ppg"), oppPPG: try number("opp_ppg"),
          sd: sd.map { max($0, AgentProjection.minimumSD) }, games: try c.decodeIfPresent(Int.self, forKey: AnyKey("games")))
      }
      let platform = c.contains(AnyKey("points_avg"))
      let keys = platform ? ("points_avg", "points_allowed_avg") : ("ppg", "opp_ppg")
      for (k, v) in [(keys.0, stats.ppg), (keys.1, stats.oppPPG)] where !(v.isFinite && v > 0 && v < 400) {
        throw DecodingError.dataCorruptedError(forKey: AnyKey(k), in: c, debugDescription: "\(v) is not a points average")
      }
    }
  }
}
