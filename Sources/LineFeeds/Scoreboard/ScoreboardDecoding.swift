import Foundation
import ServiceContracts
import Simulation
import UseCases

/// A live scoreboard read from ESPN's public NBA scoreboard JSON
/// (`site.api.espn.com/apis/site/v2/sports/basketball/nba/scoreboard`), the common one:
///
///   {"events": [{"id", "date", "status": {"clock": 432.0, "displayClock": "7:12", "period": 3,
///                "type": {"name": "STATUS_IN_PROGRESS", "state": "in", "completed": false}},
///                "competitions": [{"competitors": [{"homeAway": "home", "score": "78",
///                                                   "team": {"abbreviation": "BOS", ...}}, ...]}]}]}
///
/// Handled on purpose:
/// - `state` "pre" is a game not started (no state: priced before tip-off); "in" is in play, at
///   `status.period` with `status.clock` seconds left (else `displayClock`, which ESPN writes
///   "7:12", or "45.3" under a minute); half time and the end of a period are their period at
///   0:00; "post" and completed is final (the end of its last period). Postponed, cancelled or
///   suspended games ("post" and not completed) carry no state;
/// - scores are strings, as ESPN sends them; teams are named by their abbreviation (ESPN's own:
///   "NY", "GS", "SA", "UTAH", "WSH", which the team directory knows);
/// - the status is the event's, else its competition's;
/// - an event that cannot be read (a competitor without `homeAway`, a score that is no number,
///   a period out of range) is reported for itself, naming the field; the others are kept. A
///   document without `events` is refused.
extension Scoreboard {
  package static func decode(_ data: Data) throws(InputDecodingError) -> Scoreboard {
    let raw = try InputDecodingError.decode(RawBoard.self, from: data)
    var board = Scoreboard(games: [], rejected: [])
    for (i, slot) in raw.events.enumerated() {
      let location = "events[\(i)]"
      switch slot.result {
      case .failure(let error):
        board.rejected.append((location, error.description))
      case .success(let event):
        do throws(InputDecodingError) {
          board.games.append(try event.game(at: location))
        } catch {
          board.rejected.append((location, error.description))
        }
      }
    }
    return board
  }

  private struct RawBoard: Decodable {
    var events: [Isolated<RawEvent>]
  }

  private struct RawStatus: Decodable {
    struct Kind: Decodable {
      var name: String?
      var state: String
      var completed: Bool?
    }
    var clock: Double?
    var displayClock: String?
    var period: Int?
    var type: Kind
  }

  private struct RawEvent: Decodable, Sendable {
    struct Competition: Decodable {
      var competitors: [Competitor]
      var status: RawStatus?
    }
    struct Competitor: Decodable {
      struct Team: Decodable {
        var abbreviation: String?
        var displayName: String?
      }
      /// ESPN's scoreboard sends "78"; its other pages {"value": 78.0, "displayValue": "78"}.
      enum Score: Decodable {
        case text(String)
        case number(Double)
        init(from decoder: any Decoder) throws {
          let c = try decoder.singleValueContainer()
          if let s = try? c.decode(String.self) {
            self = .text(s)
          } else if let n = try? c.decode(Double.self) {
            self = .number(n)
          } else {
            struct Valued: Decodable { var value: Double }
            self = .number(try c.decode(Valued.self).value)
          }
        }
        var text: String {
          switch self {
          case .text(let s): s
          case .number(let n): n == n.rounded() && abs(n) < 1e6 ? String(Int(n)) : "\(n)"
          }
        }
      }
      var homeAway: String
      var score: Score?
      var team: Team
    }
    var id: String
    var status: RawStatus?
    var competitions: [Competition]

    func game(at location: String) throws(InputDecodingError) -> Game {
      func fail(_ field: String, _ reason: String) -> InputDecodingError {
        InputDecodingError("field '\(location).\(field)' \(reason)", codingPath: [location, field])
      }
      guard let competition = competitions.first else { throw fail("competitions", "is empty") }
      guard let status = status ?? competition.status else { throw fail("status", "is missing") }
      let sides = ["home", "away"].map { side in competition.competitors.firstIndex { $0.homeAway == side } }
      guard let h = sides[0], let a = sides[1] else {
        throw fail("competitions[0].competitors", "must list a home and an away competitor (homeAway)")
      }
      func name(_ i: Int) throws(InputDecodingError) -> String {
        let team = competition.competitors[i].team
        guard let name = team.abbreviation ?? team.displayName, !name.isEmpty else {
          throw fail("competitions[0].competitors[\(i)].team.abbreviation", "is missing")
        }
        return name
      }
      func score(_ i: Int) throws(InputDecodingError) -> Int {
        guard let text = competition.competitors[i].score?.text else {
          throw fail("competitions[0].competitors[\(i)].score", "is missing for a game that has started")
        }
        guard let s = Int(text.trimmingCharacters(in: .whitespaces)) else {
          throw fail("competitions[0].competitors[\(i)].score", "must be a whole number of points, got '\(text)'")
        }
        return s
      }
      var game = Game(
        id: id, home: try name(h), away: try name(a), state: nil, status: status.type.state,
        final: status.type.state == "post" && status.type.completed == true)
      switch status.type.state {
      case "pre":
        break
      case "in", "post":
        if status.type.state == "post" && !game.final { break }  // postponed, cancelled, suspended
        guard let period = status.period else { throw fail("status.period", "is missing for a game that has started") }
        var left: Double
        if game.final {
          left = 0
        } else if let clock = status.clock {
          left = clock
        } else if let text = status.displayClock {
          do { left = try GameState.seconds(clock: text) } catch { throw fail("status.displayClock", "is not a clock: '\(text)'") }
        } else {
          throw fail("status.clock", "is missing for a game in play")
        }
        let state = GameState(
          period: game.final ? max(period, 4) : period, secondsLeft: left, homeScore: try score(h), awayScore: try score(a))
        // The state's own rule, each of its fields named as ESPN names it.
        if let problem = state.problems().first, case .invalid(let field, let value, let reason) = problem {
          let espn = [
            "state.period": "status.period", "state.clock": "status.clock",
            "state.home_score": "competitions[0].competitors[\(h)].score",
            "state.away_score": "competitions[0].competitors[\(a)].score",
          ]
          throw fail(espn[field] ?? field, "\(reason), got \(value)")
        }
        game.state = state
      default:
        throw fail("status.type.state", "must be pre, in or post, got '\(status.type.state)'")
      }
      return game
    }
  }
}
