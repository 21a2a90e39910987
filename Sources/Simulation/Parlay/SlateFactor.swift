/// A night's games with a shared scoring environment: every pair of teams from different games
/// correlated by the league factor f (`Parlay.leagueFactor`), simulated together on the
/// multivariate path. Answers what independent games cannot: the distribution of the number of
/// overs that hit (at each game's own total line) and the joint probability of a set of bets.
public struct SlateFactor: Sendable {
  /// The games' overs, one leg per game with a total line.
  public let overs: ParlayResult
  /// The user's bets together, if given.
  public let bets: ParlayResult?

  /// `games`: (name, model, total line) of each game with a total; `bets` on those games (their
  /// `game` an index into `games`).
  public static func evaluate(
    games: [(name: String, model: GameModel, line: Double)], factor: Double, bets: [ParlayLeg]?,
    options: SimulationOptions
  ) throws(InputError) -> SlateFactor {
    guard !games.isEmpty else {
      throw .invalid(field: "league_factor", value: "\(factor)", reason: "no game of the slate has a total line")
    }
    let overLegs = games.enumerated().map { g, game in
      ParlayLeg(game: g, market: .total(.over, line: game.line), label: "\(game.name) over:\(game.line)")
    }
    let parlay = Parlay(
      games: games.map(\.model), gameNames: games.map(\.name), legs: overLegs, leagueFactor: factor)
    let overs = try ParlayPricer.price(parlay, options: options, route: .multivariate(nil))
    var betResult: ParlayResult?
    if let bets {
      var withBets = parlay
      withBets.legs = bets
      betResult = try ParlayPricer.price(withBets, options: options, route: .multivariate(nil))
    }
    return SlateFactor(overs: overs, bets: betResult)
  }
}
