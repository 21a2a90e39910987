import Simulation

/// Where one game's projected points come from: given by the user, or the means under which a
/// market's total and home spread are fair lines (`MarketImpliedMeans`, for the model in use,
/// skewed ones included).
package enum GameProjection: Hashable, Sendable {
  case given(home: Double, away: Double)
  case market(total: Double, spread: Double)

  /// The game's model: `base`'s parameters with these means. A market the model cannot
  /// reproduce is refused naming `total` or `spread`.
  package func model(over base: GameModel) throws(InputError) -> GameModel {
    switch self {
    case .given(let home, let away):
      var m = base
      m.homeMean = home
      m.awayMean = away
      return m
    case .market(let total, let spread):
      return try MarketImpliedMeans.solve(total: total, spread: spread, model: base)
    }
  }

  /// The market, when the projection is market-implied.
  package var market: (total: Double, spread: Double)? {
    if case .market(let total, let spread) = self { return (total, spread) }
    return nil
  }
}
