import Multivariate

/// A parlay: its games, the player projections its props need, its legs, and optionally the
/// full correlation matrix of its quantities.
///
/// Quantities, in this order: each game's home and away regulation points (2g, 2g + 1), then
/// each player projection (2G + p). Without a matrix, correlations follow one factor per team:
/// the two teams of a game correlate by the game's rho; a player's stat correlates with his
/// team's points by r (`PlayerProjection.correlationUsed`), hence with the other team's by
/// r rho and with another stat of the same game by r r' (same team) or r r' rho (other team),
/// except two stats of the same player, which correlate by `PlayerStat.defaultCorrelation`;
/// different games are independent unless a league factor f sets every cross-game pair of teams to
/// f (players follow through their team). Without the factor and one stat per player that
/// matrix is positive semidefinite by construction (the stat is r T + sqrt(1 - r^2) e); several
/// stats of one player can make it indefinite with unusual team correlations, and then the
/// repair reports it. A matrix given instead is checked entry by entry and, if not
/// positive semidefinite, repaired to the nearest correlation matrix and reported.
public struct Parlay: Hashable, Sendable {
  public var games: [GameModel]
  /// A name per game for messages (`BOS-LAL`); defaults to "game 1", ...
  public var gameNames: [String]
  public var players: [PlayerProjection]
  public var legs: [ParlayLeg]
  /// Rows over every quantity (2 per game, then one per player), if given.
  public var correlation: [[Double]]?
  /// A common scoring environment across the games: the correlation of any two teams of
  /// different games (0 or nil: independent games), in [0, `maxLeagueFactor`] (the largest that
  /// keeps the matrix positive semidefinite).
  public var leagueFactor: Double?

  public static let maxLegs = 1024
  public static let maxPlayers = 126
  /// The most quantities (2 per game plus one per player) simulated together: the range the
  /// multivariate path is benchmarked over.
  public static let maxDimension = 256

  public init(
    games: [GameModel], gameNames: [String]? = nil, players: [PlayerProjection] = [], legs: [ParlayLeg],
    correlation: [[Double]]? = nil, leagueFactor: Double? = nil
  ) {
    self.leagueFactor = leagueFactor
    self.games = games
    self.gameNames = gameNames ?? games.indices.map { "game \($0 + 1)" }
    self.players = players
    self.legs = legs
    self.correlation = correlation
  }

  /// 2 per game plus one per player projection.
  public var dimension: Int { 2 * games.count + players.count }

  /// The names of the quantities in matrix order (`BOS-LAL home`, `Jayson Tatum points`).
  public var quantityNames: [String] {
    games.indices.flatMap { ["\(gameNames[$0]) home", "\(gameNames[$0]) away"] } + players.map(\.quantityName)
  }

  /// Whether the game's own histogram prices every leg: one game, no players.
  public var onJointHistogram: Bool { games.count == 1 && legs.allSatisfy { !$0.isPlayerLeg } && correlation == nil }

  /// The player projection a player leg is on.
  public func player(for leg: ParlayLeg) -> Int? {
    guard case .player(let name, let stat, _, _) = leg.market else { return nil }
    return players.firstIndex { $0.name == name && $0.stat == stat }
  }

  /// Throws the first problem: a bad game, player, leg, or matrix entry, each named.
  public func validate() throws(InputError) {
    guard !games.isEmpty else { throw .invalid(field: "games", value: "[]", reason: "a parlay needs a game") }
    guard !legs.isEmpty else { throw .invalid(field: "legs", value: "[]", reason: "a parlay needs at least one leg") }
    guard legs.count <= Self.maxLegs else {
      throw .invalid(field: "legs", value: "\(legs.count) legs", reason: "at most \(Self.maxLegs)")
    }
    guard players.count <= Self.maxPlayers else {
      throw .invalid(field: "players", value: "\(players.count) players", reason: "at most \(Self.maxPlayers)")
    }
    guard dimension <= Self.maxDimension else {
      throw .invalid(
        field: "games", value: "\(games.count) games and \(players.count) players",
        reason: "at most \(Self.maxDimension) quantities together (2 per game plus one per player), here \(dimension)")
    }
    for (g, model) in games.enumerated() {
      if let problem = model.problems().first {
        guard games.count > 1 else { throw problem }
        throw .invalid(field: "\(gameNames[g]).\(problem.field)", value: valueOf(problem), reason: reasonOf(problem))
      }
    }
    var seen = Set<String>()
    for p in players {
      if let problem = p.problems().first { throw problem }
      guard games.indices.contains(p.game) else {
        throw .invalid(field: "player[\(p.quantityName)].game", value: "\(p.game)", reason: "no such game")
      }
      guard seen.insert(p.quantityName).inserted else {
        throw .invalid(field: "player", value: p.quantityName, reason: "is given twice")
      }
    }
    for leg in legs {
      guard games.indices.contains(leg.game) else {
        throw .invalid(field: "leg", value: leg.label, reason: "is on an unknown game")
      }
      if let line = leg.line, !line.isFinite || abs(line) > 1000 {
        throw .invalid(field: "leg", value: leg.label, reason: "its line must be a finite number in [-1000, 1000]")
      }
      if case .player(let name, let stat, _, _) = leg.market {
        guard let p = player(for: leg) else {
          let known = players.filter { $0.name == name }.map(\.stat.rawValue)
          let reason =
            known.isEmpty
            ? "no player named '\(name)'"
              + (players.isEmpty ? " (give his projection)" : " (players: \(Set(players.map(\.name)).sorted().joined(separator: ", ")))")
            : "no \(stat.rawValue) projection for \(name) (he has \(known.joined(separator: ", ")))"
          throw .invalid(field: "leg", value: leg.label, reason: reason)
        }
        _ = p
      }
    }
    if let f = leagueFactor {
      guard f.isFinite, (0...1).contains(f) else {
        throw .invalid(field: "league_factor", value: "\(f)", reason: "must be in [0, 1]")
      }
      guard correlation == nil else {
        throw .invalid(field: "league_factor", value: "\(f)", reason: "goes with the default correlations, not a full matrix")
      }
      let largest = maxLeagueFactor
      guard f <= largest + 1e-9 else {
        let shown = (largest * 10_000).rounded(.down) / 10_000
        throw .invalid(
          field: "league_factor", value: "\(f)",
          reason:
            "must be at most \(shown) for these games' rho: above it the teams' correlation matrix is not positive semidefinite (two games with rho r allow (1 + r) / 2)"
        )
      }
    }
    if let rows = correlation {
      do {
        let m = try CorrelationMatrix(rows: rows)
        guard m.dimension == dimension else {
          throw InputError.invalid(
            field: "correlation", value: "\(m.dimension) x \(m.dimension)",
            reason: "must be \(dimension) x \(dimension): one row per quantity (\(quantityNames.joined(separator: ", ")))")
        }
        // A player's own team correlation beside the matrix must be the matrix's: the matrix is
        // what is simulated, so a different one would be silently ignored.
        for (i, p) in players.enumerated() {
          guard let r = p.teamCorrelation else { continue }
          let (row, col) = (2 * games.count + i, teamIndex(of: p))
          let entry = rows[row][col]
          guard abs(entry - r) <= 1e-9 else {
            throw InputError.invalid(
              field: "player[\(p.quantityName)].team_correlation", value: "\(r)",
              reason: "disagrees with the full matrix's correlation[\(row)][\(col)] = \(entry); give one or make them agree")
          }
        }
      } catch let e as CorrelationMatrixError {
        throw .invalid(field: e.field, value: e.value, reason: e.reason)
      } catch let e as InputError {
        throw e
      } catch {
        throw .invalid(field: "correlation", value: "", reason: "\(error)")
      }
    }
    if !onJointHistogram {
      // A skewed team's normal part must carry a larger correlation than its points show.
      let scales = normalPartScales
      let c = correlationMatrix()
      for i in 0..<dimension {
        for j in 0..<i where scales[i] != 1 || scales[j] != 1 {
          let drawn = c[i][j] / (scales[i] * scales[j])
          guard abs(drawn) <= 1 + 1e-12 else {
            let names = quantityNames
            let g = scales[i] != 1 ? i / 2 : j / 2
            throw .invalid(
              field: games.count > 1 ? "\(gameNames[g]).skewness" : "skewness", value: "\(games[g].skewness)",
              reason:
                "leaves the correlation of \(names[j]) and \(names[i]), \(c[i][j]), out of reach (its normal parts would need \(drawn)); lower the skewness or the correlation"
            )
          }
        }
      }
      // ... and the normal parts' matrix must be one: the points' matrix less the |U| parts'
      // variance on the diagonal (a repair would change the correlations the user asked for).
      if scales.contains(where: { $0 != 1 }), Self.positiveSemidefinite(c.flatMap { $0 }, n: dimension),
        !Self.positiveSemidefinite(drawnCorrelationMatrix().flatMap { $0 }, n: dimension)
      {
        let g = scales.firstIndex { $0 != 1 }! / 2
        throw .invalid(
          field: games.count > 1 ? "\(gameNames[g]).skewness" : "skewness", value: "\(games[g].skewness)",
          reason:
            "leaves these correlations out of reach: the skewed teams' normal parts would need a correlation matrix that is not positive semidefinite; lower the skewness or the correlations"
        )
      }
    }
  }

  /// Whether the symmetric n x n matrix `a` (row-major) is positive semidefinite: Cholesky with
  /// a tolerance for the singular boundary.
  static func positiveSemidefinite(_ matrix: [Double], n: Int) -> Bool {
    var a = matrix
    for j in 0..<n {
      var d = a[j * n + j]
      for k in 0..<j { d -= a[j * n + k] * a[j * n + k] }
      if d < -1e-12 { return false }
      let l = d > 1e-12 ? d.squareRoot() : 0
      a[j * n + j] = l
      for i in (j + 1)..<n {
        var v = a[i * n + j]
        for k in 0..<j { v -= a[i * n + k] * a[j * n + k] }
        if l == 0 {
          if abs(v) > 1e-9 { return false }
          a[i * n + j] = 0
        } else {
          a[i * n + j] = v / l
        }
      }
    }
    return true
  }

  /// Per quantity, the share of its sd that its normal part carries in correlations: for a
  /// skewed team's points (mean + sd (delta |U| + sqrt(1 - delta^2) Z - shift) / scale, see
  /// `SkewNormal`) sqrt(1 - delta^2) / scale, since the |U| parts are independent of everything;
  /// 1 for normal points and players' stats.
  public var normalPartScales: [Double] {
    games.flatMap { m -> [Double] in
      guard m.skewness != 0 else { return [1, 1] }
      let skew = SkewNormal(skewness: m.skewness)
      let k = (1 - skew.delta * skew.delta).squareRoot() / skew.scale
      return [k, k]
    } + players.map { _ in 1 }
  }

  /// The correlation matrix of the normals the multivariate path draws: the quantities' own
  /// (`correlationMatrix`), with each entry of a skewed team divided by its normal part's share
  /// (corr(points, x) = k corr(Z, x), k from `normalPartScales`). The same matrix for normal games.
  func drawnCorrelationMatrix() -> [[Double]] {
    var c = correlationMatrix()
    let k = normalPartScales
    guard k.contains(where: { $0 != 1 }) else { return c }
    for i in 0..<dimension {
      for j in 0..<dimension where i != j { c[i][j] = min(max(c[i][j] / (k[i] * k[j]), -1), 1) }
    }
    return c
  }

  /// The correlation matrix of the quantities: the given one, or the one-factor default.
  func correlationMatrix() -> [[Double]] {
    if let correlation { return correlation }
    let d = dimension, g2 = 2 * games.count
    var c = [[Double]](repeating: [Double](repeating: 0, count: d), count: d)
    for i in 0..<d { c[i][i] = 1 }
    let teams = teamCorrelations(factor: leagueFactor ?? 0)
    for i in 0..<g2 {
      for j in 0..<g2 { c[i][j] = teams[i * g2 + j] }
    }
    for (i, p) in players.enumerated() {
      let own = teamIndex(of: p)
      let r = p.correlationUsed
      for t in 0..<g2 {
        c[g2 + i][t] = r * c[own][t]
        c[t][g2 + i] = r * c[own][t]
      }
      for (j, q) in players.enumerated() where j < i {
        let v =
          Self.sameLine(p, q)
          ? PlayerStat.defaultCorrelation(p.stat, q.stat)
          : r * q.correlationUsed * c[own][teamIndex(of: q)]
        c[g2 + i][g2 + j] = v
        c[g2 + j][g2 + i] = v
      }
    }
    return c
  }

  /// The teams' correlation block (2g x 2g, row-major) under league factor f: within a game the
  /// game's rho; across games f v_i v_j, with v = s_g / sd for each team of game g and s_g the
  /// geometric mean of the game's two sds. The shared environment then moves a game's two
  /// teams by the same number of points (cov(H_i, X) = cov(A_i, X) = f s_i v_X sd_X for any team
  /// X of another game): it moves totals and leaves margins, hence spreads and moneylines,
  /// independent of the other games. With equal sds every cross-game pair correlates by f.
  func teamCorrelations(factor f: Double) -> [Double] {
    let g2 = 2 * games.count
    let v = games.flatMap { m -> [Double] in
      let s = (m.homeSD * m.awaySD).squareRoot()
      return [s / m.homeSD, s / m.awaySD]
    }
    var c = [Double](repeating: 0, count: g2 * g2)
    for i in 0..<g2 {
      for j in 0..<g2 {
        c[i * g2 + j] = i == j ? 1 : i / 2 == j / 2 ? games[i / 2].correlation : f * v[i] * v[j]
      }
    }
    return c
  }

  /// The largest league factor f in [0, 1] for which the teams' correlation block
  /// (`teamCorrelations`; for skewed teams that of their normal parts) is positive semidefinite: the set of such f is an interval containing 0
  /// (the block is affine in f and PSD at 0), found by bisection with a Cholesky test of the
  /// block. Two games with equal sds: f <= sqrt((1 + rho_1)(1 + rho_2)) / 2, (1 + rho) / 2 for
  /// equal rhos. Players follow their team as r T + sqrt(1 - r^2) e and add nothing to the bound.
  /// One game: 1.
  public var maxLeagueFactor: Double {
    let g = games.count
    guard g > 1 else { return 1 }
    var teams = self
    if let rows = correlation {
      for i in games.indices { teams.games[i].correlation = rows[2 * i][2 * i + 1] }
    }
    let n = 2 * g
    // The normal parts' block: a skewed team's entries divided by its share (`normalPartScales`).
    let k = Array(normalPartScales.prefix(n))
    func psd(_ f: Double) -> Bool {
      var a = teams.teamCorrelations(factor: f)
      for i in 0..<n {
        for j in 0..<n where i != j { a[i * n + j] /= k[i] * k[j] }
      }
      return Self.positiveSemidefinite(a, n: n)
    }
    if psd(1) { return 1 }
    var lo = 0.0, hi = 1.0
    for _ in 0..<60 {
      let mid = (lo + hi) / 2
      if psd(mid) { lo = mid } else { hi = mid }
    }
    return lo
  }

  /// The index of a player's team's points among the quantities.
  func teamIndex(of p: PlayerProjection) -> Int { 2 * p.game + (p.team == .home ? 0 : 1) }

  /// The correlation of game g's home and away points that is simulated: the full matrix's
  /// entry when one is given, else the game's rho.
  public func gameCorrelationUsed(_ g: Int) -> Double { correlation?[2 * g][2 * g + 1] ?? games[g].correlation }

  /// The correlation of player i's stat with his team's points that is simulated: the full
  /// matrix's entry when one is given, else his own or his stat's default.
  public func teamCorrelationUsed(_ i: Int) -> Double {
    correlation?[2 * games.count + i][teamIndex(of: players[i])] ?? players[i].correlationUsed
  }

  /// Whether two projections are stats of one player (same name, game and team): they
  /// correlate by `PlayerStat.defaultCorrelation`, not through the team alone.
  static func sameLine(_ p: PlayerProjection, _ q: PlayerProjection) -> Bool {
    p.name == q.name && p.game == q.game && p.team == q.team && p.stat != q.stat
  }

  /// Pairs of one player's stats correlated by the default table (none with a full matrix).
  public var defaultedStatCorrelations: [(first: String, second: String, correlation: Double)] {
    guard correlation == nil else { return [] }
    var out: [(String, String, Double)] = []
    for (i, p) in players.enumerated() {
      for q in players[..<i] where Self.sameLine(p, q) {
        out.append((q.quantityName, p.quantityName, PlayerStat.defaultCorrelation(q.stat, p.stat)))
      }
    }
    return out
  }

  private func valueOf(_ e: InputError) -> String {
    switch e {
    case .invalid(_, let value, _): value
    }
  }

  private func reasonOf(_ e: InputError) -> String {
    switch e {
    case .invalid(_, _, let reason): reason
    }
  }
}
