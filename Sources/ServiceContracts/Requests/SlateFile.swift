import Foundation
import OddsMath
import Simulation
import UseCases

/// A slate file: the betting agent's batch request (docs/contracts.md, "Betting agent") or mcsim's native
/// slate, which is the same shape with more optional fields. Documented in docs/slates-and-live-lines.md.
///
///   {"games": [{"game_id", "home_team_abbr", "away_team_abbr",
///               "home_ppg", "home_opp_ppg", "home_std_dev", "away_ppg", "away_opp_ppg", "away_std_dev",
///               "total_line", "over_odds", "under_odds"}], "n_sims": 10000}
///
/// Native additions: `home_projection` and `away_projection` instead of the four stats; team
/// names (`home_team`, `away_team`); every model option of `mcsim run` per game or in a top-level
/// `model` object (`ModelSettings`); a spread (`spread`: the home line, `home_spread_odds`,
/// `away_spread_odds`), a moneyline (`home_ml`, `away_ml`); a top-level `seed`. Prices are
/// decimal numbers or strings in any format (`"-110"`); a bare array of games is accepted.
///
/// Each game decodes on its own: a game with a bad field becomes a game with that error, named
/// by its path (`games[2].home_ppg`), and the others are still evaluated.
package struct SlateFile: Sendable {
  package var entries: [SlateEntry]
  package var nSims: Int?
  package var seed: UInt64?
  /// mcsim's addition: grade on the exact probabilities (the server's default is the
  /// simulation's, the command line's the exact ones).
  package var includeExact: Bool?
  /// The top-level `model` object (settings for every game), as given.
  package var model = ModelSettings()

  /// The most games the server's batch endpoint takes in one request.
  package static let batchLimit = 500

  /// The top level's keys and JSON types (`games` is checked game by game, each game's errors
  /// its own).
  package static let fieldTypes = FieldTypes(
    fields: [
      ("games", .array), ("n_sims", .integer), ("seed", .integer), ("include_exact", .boolean),
      ("model", .object(ModelSettings.fieldTypes)),
    ], required: ["games"],
    keywords: [
      "games": ["items": .ref("BatchGame"), "maxItems": .integer(batchLimit)],
      "n_sims": ["minimum": 1, "default": .integer(SimulationOptions.defaultSimulations)],
      "seed": ["minimum": 0, "description": "mcsim's addition: the seed (default: the server's --seed)"],
      "include_exact": ["default": false, "description": "mcsim's addition: grade each game on its model's exact distribution"],
      "model": ["description": "model settings for every game; an invalid one is a 422 naming each field"],
    ])

  /// Decodes a slate over `base`, the model every game starts from (the command line's).
  package static func decode(_ data: Data, base: GameModel) throws(InputDecodingError) -> SlateFile {
    let raw = try InputDecodingError.decode(RawSlate.self, from: data)
    let fileBase = ModelSetting.applied(raw.model.settings, to: base)
    let entries = raw.games.enumerated().map { i, slot in slot.entry(number: i + 1, base: fileBase) }
    return SlateFile(entries: entries, nSims: raw.nSims, seed: raw.seed, includeExact: raw.includeExact, model: raw.model)
  }
}

private struct RawSlate: Decodable {
  var games: [GameSlot]
  var nSims: Int?
  var seed: UInt64?
  var includeExact: Bool?
  var model = ModelSettings()

  enum CodingKeys: String, CodingKey { case games, nSims = "n_sims", seed, includeExact = "include_exact", model }

  init(from decoder: any Decoder) throws {
    if var list = try? decoder.unkeyedContainer() {
      var games: [GameSlot] = []
      while !list.isAtEnd { games.append(try list.decode(GameSlot.self)) }
      self.games = games
      return
    }
    let c = try decoder.container(keyedBy: CodingKeys.self)
    games = try c.decode([GameSlot].self, forKey: .games)
    nSims = try c.decodeIfPresent(Int.self, forKey: .nSims)
    // A seed is a whole number in [0, 2^64); Foundation refuses -1 with no field, as if the
    // JSON were malformed.
    if c.contains(.seed), try !c.decodeNil(forKey: .seed) {
      guard let seed = try? c.decode(UInt64.self, forKey: .seed) else {
        let given = (try? c.decode(Double.self, forKey: .seed)).map(PlainNumber.text)
        throw DecodingError.dataCorruptedError(
          forKey: .seed, in: c, debugDescription: "must be a whole number from 0 to 2^64 - 1\(given.map { " (got \($0))" } ?? "")")
      }
      self.seed = seed
    }
    includeExact = try c.decodeIfPresent(Bool.self, forKey: .includeExact)
    model = try c.decodeIfPresent(ModelSettings.self, forKey: .model) ?? ModelSettings()
  }
}

/// One element of `games`: the game, or why it did not decode with what could be read of it.
private struct GameSlot: Decodable {
  var game: Result<RawGame, InputDecodingError>
  var identity: GameIdentity

  init(from decoder: any Decoder) throws {
    game = try Isolated<RawGame>(from: decoder).result
    identity = GameIdentity(decoder)
  }

  func entry(number: Int, base: GameModel) -> SlateEntry {
    switch game {
    case .success(let raw):
      return raw.draft.entry(number: number, base: base)
    case .failure(let error):
      return SlateGameDraft.failed(number: number, id: identity.id, home: identity.home, away: identity.away, problem: error.description)
    }
  }
}

/// Whatever identifies a game that failed to decode, read field by field.
private struct GameIdentity {
  var id: String?
  var home: String?
  var away: String?

  init(_ decoder: any Decoder) {
    guard let c = try? decoder.container(keyedBy: AnyKey.self) else { return }
    func text(_ key: String) -> String? { (try? c.decodeIfPresent(LooseString.self, forKey: AnyKey(key)))??.value }
    id = text("game_id")
    home = text("home_team_abbr") ?? text("home_abbr") ?? text("home_team")
    away = text("away_team_abbr") ?? text("away_abbr") ?? text("away_team")
  }
}

private struct RawGame: Decodable, Sendable {
  var gameID: String?
  var homeAbbr: String?
  var awayAbbr: String?
  var homeTeam: String?
  var awayTeam: String?
  var gameDate: String?
  var projection: SlateGameDraft.Projection
  var settings: ModelSettings
  var markets = GameMarkets()
  var periods: [PeriodQuote] = []
  var state: GameState?
  var unknownKeys: [String] = []

  static let known: Set<String> = ModelSettings.fieldNames.union([
    "game_id", "home_team_abbr", "away_team_abbr", "home_abbr", "away_abbr", "home_team", "away_team", "game_date",
    "home_ppg", "home_opp_ppg", "away_ppg", "away_opp_ppg", "home_projection", "away_projection",
    "total_line", "over_odds", "under_odds", "spread", "home_spread_odds", "away_spread_odds", "home_ml", "away_ml",
    "period_lines", "state",
  ])

  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: AnyKey.self)
    func key(_ name: String) -> AnyKey { AnyKey(name) }
    func number(_ name: String) throws -> Double? { try c.decodeIfPresent(Double.self, forKey: key(name)) }
    func price(_ name: String) throws -> Odds? { try c.decodeIfPresent(PriceValue.self, forKey: key(name))?.odds }
    func fail(_ name: String, _ message: String) -> DecodingError {
      DecodingError.dataCorruptedError(forKey: key(name), in: c, debugDescription: message)
    }

    gameID = try c.decodeIfPresent(LooseString.self, forKey: key("game_id"))?.value
    homeAbbr =
      try c.decodeIfPresent(String.self, forKey: key("home_team_abbr"))
      ?? c.decodeIfPresent(String.self, forKey: key("home_abbr"))
    awayAbbr =
      try c.decodeIfPresent(String.self, forKey: key("away_team_abbr"))
      ?? c.decodeIfPresent(String.self, forKey: key("away_abbr"))
    homeTeam = try c.decodeIfPresent(String.self, forKey: key("home_team"))
    awayTeam = try c.decodeIfPresent(String.self, forKey: key("away_team"))
    gameDate = try c.decodeIfPresent(String.self, forKey: key("game_date"))
    settings = try ModelSettings(from: decoder)

    let projections = (try number("home_projection"), try number("away_projection"))
    let ppg = [try number("home_ppg"), try number("home_opp_ppg"), try number("away_ppg"), try number("away_opp_ppg")]
    switch projections {
    case (let h?, let a?):
      if ppg.contains(where: { $0 != nil }) {
        throw fail("home_ppg", "give projections (home_projection, away_projection) or team stats, not both")
      }
      projection = .means(home: h, away: a)
    case (nil, nil):
      let names = ["home_ppg", "home_opp_ppg", "away_ppg", "away_opp_ppg"]
      if let missing = ppg.firstIndex(where: { $0 == nil }) {
        throw DecodingError.keyNotFound(
          key(names[missing]),
          .init(codingPath: c.codingPath, debugDescription: "needs home_projection and away_projection, or the four team stats"))
      }
      // Points a game, as the projections' own bound: a team's 1e308 once summed to -inf.
      for (name, value) in zip(names, ppg) where !(0...1000).contains(value!) {
        throw fail(name, "must be points per game in [0, 1000], got \(value!)")
      }
      projection = .stats(homePPG: ppg[0]!, homeOppPPG: ppg[1]!, awayPPG: ppg[2]!, awayOppPPG: ppg[3]!)
    default:
      throw DecodingError.keyNotFound(
        key(projections.0 == nil ? "home_projection" : "away_projection"),
        .init(codingPath: c.codingPath, debugDescription: "both projections are needed"))
    }

    if let line = try number("total_line") {
      markets.total = TotalsMarket(
        line: line, overOdds: try price("over_odds") ?? TotalsMarket.defaultOdds,
        underOdds: try price("under_odds") ?? TotalsMarket.defaultOdds)
    }
    if let spread = try number("spread") {
      markets.spread = SpreadMarket(
        homeLine: spread, homeOdds: try price("home_spread_odds") ?? TotalsMarket.defaultOdds,
        awayOdds: try price("away_spread_odds") ?? TotalsMarket.defaultOdds)
    }
    switch (try price("home_ml"), try price("away_ml")) {
    case (let h?, let a?): markets.moneyline = MoneylineMarket(homeOdds: h, awayOdds: a)
    case (nil, nil): break
    case (nil, _): throw fail("home_ml", "a moneyline needs both home_ml and away_ml")
    case (_, nil): throw fail("away_ml", "a moneyline needs both home_ml and away_ml")
    }
    periods = try InPlayFields.periods(in: c, at: key("period_lines"))
    state = try InPlayFields.state(in: c, at: key("state"))
    unknownKeys = c.allKeys.map(\.stringValue).filter { !Self.known.contains($0) }.sorted()
  }

  var draft: SlateGameDraft {
    SlateGameDraft(
      gameID: gameID, homeAbbr: homeAbbr, awayAbbr: awayAbbr, homeTeam: homeTeam, awayTeam: awayTeam, gameDate: gameDate,
      projection: projection, settings: settings.settings, markets: markets, periods: periods, state: state,
      unknownKeys: unknownKeys)
  }
}
