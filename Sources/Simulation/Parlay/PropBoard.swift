import OddsMath

/// One book's price on one side of a player prop.
public struct PropOffer: Hashable, Sendable {
  public var player: String
  public var stat: PlayerStat
  public var side: ParlayLeg.Side
  public var line: Double
  public var book: String
  public var price: Odds

  public init(player: String, stat: PlayerStat, side: ParlayLeg.Side, line: Double, book: String, price: Odds) {
    self.player = player
    self.stat = stat
    self.side = side
    self.line = line
    self.book = book
    self.price = price
  }
}

/// A game's player props priced together: every (player, stat, line) offered gets p_over,
/// p_under and p_push from one multivariate simulation of the game's team scores and every
/// player's stats (the same draws as a parlay of them, so props and team totals are consistent),
/// and every book's price its EV and Kelly stake.
public struct PropBoard: Sendable {
  public struct Row: Sendable {
    public let player: String
    public let stat: PlayerStat
    public let line: Double
    public let pOver: Double
    public let pUnder: Double
    public let pPush: Double
    /// Every price offered on this line, each with its evaluation (push returns the stake) and
    /// the advice policy's verdict on it (`SideAdvice`: simulated probabilities, gated by their
    /// interval and by the gap to the market `price` is given, staked within the cap).
    public package(set) var prices: [(offer: PropOffer, evaluation: BetEvaluation, advice: SideAdvice)]
  }

  public package(set) var rows: [Row]
  /// Offered players without a projection (not priced, never dropped silently).
  public let unpriced: [String]
  /// The home and away team totals simulated alongside: P(over) at the half-point lines nearest
  /// each projection.
  public let teamTotals: [(team: ParlayLeg.Team, line: Double, pOver: Double)]
  public let result: ParlayResult

  /// Prices `offers` from `players` in the game `model`. Players are matched by name and stat.
  /// Each price is gated against `market(offer)`, the market's devigged probability of its side
  /// (default: the same book's two prices on the line, power devigged).
  public static func price(
    model: GameModel, players: [PlayerProjection], offers: [PropOffer], options: SimulationOptions,
    policy: AdvicePolicy = AdvicePolicy(), market: ((PropOffer) -> MarketProbability?)? = nil
  ) throws(InputError) -> PropBoard {
    var keys: [String] = []
    var lines: [String: (player: String, stat: PlayerStat, line: Double)] = [:]
    var unpriced = Set<String>()
    for o in offers {
      guard players.contains(where: { $0.name == o.player && $0.stat == o.stat }) else {
        unpriced.insert("\(o.player) \(o.stat.rawValue)")
        continue
      }
      let key = "\(o.player)|\(o.stat.rawValue)|\(o.line)"
      if lines[key] == nil {
        lines[key] = (o.player, o.stat, o.line)
        keys.append(key)
      }
    }
    guard !keys.isEmpty else {
      throw .invalid(
        field: "projections", value: "\(players.count) players",
        reason: "none of the feed's \(Set(offers.map { "\($0.player) \($0.stat.rawValue)" }).count) offered props has a projection")
    }
    var legs: [ParlayLeg] = []
    for key in keys {
      let l = lines[key]!
      for side in ParlayLeg.Side.allCases {
        legs.append(
          ParlayLeg(
            market: .player(name: l.player, stat: l.stat, side, line: l.line), label: "\(l.player):\(l.stat.rawValue):\(side.rawValue):\(l.line)"))
      }
    }
    // The half-point line nearest a projection: floor(m) + 0.5 (115.3 and 115.8 both 115.5).
    let homeLine = model.homeMean.rounded(.down) + 0.5, awayLine = model.awayMean.rounded(.down) + 0.5
    legs.append(ParlayLeg(market: .teamTotal(.home, .over, line: homeLine), label: "home-over:\(homeLine)"))
    legs.append(ParlayLeg(market: .teamTotal(.away, .over, line: awayLine), label: "away-over:\(awayLine)"))
    let used = players.filter { p in keys.contains { lines[$0]!.player == p.name && lines[$0]!.stat == p.stat } }
    let parlay = Parlay(games: [model], players: used, legs: legs)
    let result = try ParlayPricer.price(parlay, options: options, route: .multivariate(nil))
    let p = result.legProbabilities
    var rows: [Row] = []
    for (k, key) in keys.enumerated() {
      let l = lines[key]!
      // A half-point line never pushes; a whole one pushes with what over and under leave,
      // less the rounding of their sum (1 - over - under was 5.6e-17 on a half-point line).
      let over = p[2 * k], under = p[2 * k + 1], rest = 1 - over - under
      let push = l.line != l.line.rounded() || rest < 1e-12 ? 0 : rest
      let offered = offers.filter { $0.player == l.player && $0.stat == l.stat && $0.line == l.line }
      let prices = offered.map { o in
        let win = o.side == .over ? over : under, lose = o.side == .over ? under : over
        let probabilities = SettlementProbabilities(win: win, lose: lose, push: push)
        // The market beside the model: as given, else this book's own price on the other side.
        let beside =
          market.map { $0(o) }
          ?? offered.first { $0.book == o.book && $0.side != o.side }.flatMap {
            MarketProbability.singleBook(o.price, $0.price).first
          }
        let advice = SideAdvice(
          side: o.side == .over ? .over : .under, odds: o.price, simulated: probabilities, simulations: result.simulations, exact: nil,
          market: beside, policy: policy)
        return (o, BetEvaluation(odds: o.price, probabilities: probabilities), advice)
      }
      rows.append(Row(player: l.player, stat: l.stat, line: l.line, pOver: over, pUnder: under, pPush: push, prices: prices))
    }
    rows.sort { ($0.player, $0.stat.rawValue, $0.line) < ($1.player, $1.stat.rawValue, $1.line) }
    return PropBoard(
      rows: rows, unpriced: unpriced.sorted(),
      teamTotals: [(.home, homeLine, p[p.count - 2]), (.away, awayLine, p[p.count - 1])], result: result)
  }
}
