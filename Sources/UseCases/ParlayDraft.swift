import Foundation
import Simulation

/// A parlay as a file gives it (`mcsim parlay FILE`, read by ServiceContracts' `ParlayRequest`),
/// before it is built: each game's means and its own model fields, the player projections its
/// props need (each naming its game), its legs as written (`ParlayLegSyntax`), optionally the full
/// correlation matrix and a league factor. `parlay` builds it by the one order of precedence
/// (`RunContext`): the base model, the file's fields, the options given; errors name the file's
/// field (`games[1].home`, `players[0].team`, `legs[2]`).
package struct ParlayDraft: Sendable {
  package struct Game: Sendable {
    package var id: String?
    package var home: Double
    package var away: Double
    /// The game's own model fields (`home_sd`, `rho`, `ot_model`, ...), laid over the base in order.
    package var settings: [ModelSetting]

    package init(id: String? = nil, home: Double, away: Double, settings: [ModelSetting] = []) {
      self.id = id
      self.home = home
      self.away = away
      self.settings = settings
    }

    /// The game's own correlation, when it gives one: checked against a full matrix.
    package var rho: Double? {
      settings.last { $0.name == .rho }.map { setting in
        var model = Defaults.model
        setting.set(&model)
        return model.correlation
      }
    }
  }

  package struct Player: Sendable {
    package var name: String
    package var game: String?
    package var team: String
    package var stat: String
    package var mean: Double
    package var sd: Double
    package var teamCorrelation: Double?
    /// `normal` (default), `poisson` or `negative_binomial` (`CountMargin`).
    package var distribution: String?

    package init(
      name: String, game: String? = nil, team: String, stat: String, mean: Double, sd: Double, teamCorrelation: Double? = nil,
      distribution: String? = nil
    ) {
      self.name = name
      self.game = game
      self.team = team
      self.stat = stat
      self.mean = mean
      self.sd = sd
      self.teamCorrelation = teamCorrelation
      self.distribution = distribution
    }
  }

  package struct Leg: Sendable {
    package var game: String?
    package var leg: String

    package init(game: String? = nil, leg: String) {
      self.game = game
      self.leg = leg
    }
  }

  package var games: [Game]
  package var players: [Player]?
  package var legs: [Leg]
  package var correlation: [[Double]]?
  package var leagueFactor: Double?

  package init(games: [Game], players: [Player]? = nil, legs: [Leg], correlation: [[Double]]? = nil, leagueFactor: Double? = nil) {
    self.games = games
    self.players = players
    self.legs = legs
    self.correlation = correlation
    self.leagueFactor = leagueFactor
  }

  /// The parlay, each game's model its own fields over `base`, then `options` (the options
  /// given on the command line) over them: the one order of precedence (`RunContext`).
  package func parlay(base: GameModel, options: [ModelSetting] = []) throws(InputError) -> Parlay {
    guard !games.isEmpty else { throw .invalid(field: "games", value: "[]", reason: "a parlay needs a game") }
    var names: [String] = []
    var models: [GameModel] = []
    for (g, game) in games.enumerated() {
      var m = base
      m.homeMean = game.home
      m.awayMean = game.away
      for setting in game.settings + options { setting.set(&m) }
      if let problem = m.problems().first, case .invalid(let field, let value, let reason) = problem {
        throw .invalid(field: "games[\(g)].\(Self.fileField[field] ?? field)", value: value, reason: reason)
      }
      let name = game.id ?? "game \(g + 1)"
      guard !names.contains(name) else { throw .invalid(field: "games[\(g)].id", value: name, reason: "is given twice") }
      names.append(name)
      models.append(m)
    }
    func gameIndex(_ id: String?, field: String) throws(InputError) -> Int {
      guard let id else {
        guard games.count == 1 else {
          throw .invalid(field: field, value: "no game", reason: "name its game: one of \(names.joined(separator: ", "))")
        }
        return 0
      }
      guard let g = names.firstIndex(of: id) else {
        throw .invalid(field: field, value: id, reason: "unknown game; the file's games are \(names.joined(separator: ", "))")
      }
      return g
    }
    var projections: [PlayerProjection] = []
    for (i, p) in (players ?? []).enumerated() {
      let g = try gameIndex(p.game, field: "players[\(i)].game")
      let projection = try Self.projection(p, index: i, game: g)
      projections.append(projection)
    }
    var parlayLegs: [ParlayLeg] = []
    for (i, l) in legs.enumerated() {
      let field = "legs[\(i)]"
      var leg = try ParlayLegSyntax.leg(l.leg, field: field)
      if case .player(let name, let stat, _, _) = leg.market {
        // A player leg's game is his.
        guard let p = projections.first(where: { $0.name == name && $0.stat == stat }) else {
          let known = Set(projections.map(\.name)).sorted()
          throw .invalid(
            field: field, value: "'\(l.leg)'",
            reason: known.contains(name)
              ? "no \(stat.rawValue) projection for \(name)"
              : "no player named '\(name)'" + (known.isEmpty ? " (the file has no players)" : " (players: \(known.joined(separator: ", ")))"))
        }
        if let id = l.game, names.firstIndex(of: id) != p.game {
          throw .invalid(field: "\(field).game", value: id, reason: "\(name) plays in \(names[p.game])")
        }
        leg.game = p.game
      } else {
        leg.game = try gameIndex(l.game, field: "\(field).game")
      }
      parlayLegs.append(leg)
    }
    let parlay = Parlay(
      games: models, gameNames: names, players: projections, legs: parlayLegs, correlation: correlation,
      leagueFactor: leagueFactor)
    do { try parlay.validate() } catch {
      // Leg errors come back with the file's index.
      if case .invalid("leg", let value, let reason) = error,
        let i = parlayLegs.firstIndex(where: { "'\($0.label)'" == value || $0.label == value })
      {
        throw .invalid(field: "legs[\(i)]", value: value, reason: reason)
      }
      // Player errors too (`player[Jayson Tatum points].team_correlation`: `players[0].team_correlation`).
      if case .invalid(let field, let value, let reason) = error,
        let i = projections.firstIndex(where: { field.hasPrefix("player[\($0.quantityName)].") })
      {
        throw .invalid(field: "players[\(i)]." + field.split(separator: ".").last!, value: value, reason: reason)
      }
      throw error
    }
    // A game's rho beside the full matrix must be the matrix's (the matrix is what is simulated).
    if let rows = correlation {
      for (g, game) in games.enumerated() {
        guard let rho = game.rho else { continue }
        let entry = rows[2 * g][2 * g + 1]
        guard abs(entry - rho) <= 1e-9 else {
          throw .invalid(
            field: "games[\(g)].rho", value: "\(rho)",
            reason: "disagrees with the full matrix's correlation[\(2 * g)][\(2 * g + 1)] = \(entry); give one or make them agree")
        }
      }
    }
    return parlay
  }

  /// With a full matrix, the first game without its own `rho` whose matrix entry differs from
  /// `rho` (a model option applied to every game, `--rho`): the option would be silently
  /// overridden by the matrix.
  package func matrixDisagreement(rho: Double) -> (row: Int, column: Int, entry: Double)? {
    guard let rows = correlation else { return nil }
    for (g, game) in games.enumerated() where game.rho == nil {
      guard rows.indices.contains(2 * g + 1), rows[2 * g].indices.contains(2 * g + 1) else { continue }
      let entry = rows[2 * g][2 * g + 1]
      if abs(entry - rho) > 1e-9 { return (2 * g, 2 * g + 1, entry) }
    }
    return nil
  }

  /// Player `index` of a file (`players[index]`) as the engine's projection in game `game`,
  /// errors naming the file's field.
  package static func projection(_ p: Player, index i: Int, game g: Int) throws(InputError) -> PlayerProjection {
    guard let team = ParlayLeg.Team(rawValue: p.team.lowercased()) else {
      throw .invalid(field: "players[\(i)].team", value: p.team, reason: "must be home or away")
    }
    guard let stat = PlayerStat(rawValue: p.stat.lowercased()) else {
      throw .invalid(
        field: "players[\(i)].stat", value: p.stat,
        reason: "must be one of \(PlayerStat.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    var projection = PlayerProjection(
      name: p.name, stat: stat, game: g, team: team, mean: p.mean, sd: p.sd, teamCorrelation: p.teamCorrelation)
    if let d = p.distribution {
      guard let margin = CountMargin(named: d) else {
        throw .invalid(field: "players[\(i)].distribution", value: d, reason: "must be one of \(CountMargin.names)")
      }
      projection.margin = margin
    }
    if let problem = projection.problems().first, case .invalid(let field, let value, let reason) = problem {
      let key = field.split(separator: ".").last.map(String.init) ?? field
      throw .invalid(field: "players[\(i)]" + (key.hasPrefix("player") ? ".name" : ".\(key)"), value: value, reason: reason)
    }
    return projection
  }

  /// Engine field names as this file spells them.
  static let fileField = [
    "home_projection": "home", "away_projection": "away", "home_std_dev": "home_sd", "away_std_dev": "away_sd",
    "correlation": "rho",
  ]
}
