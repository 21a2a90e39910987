import OddsMath
import Simulation

/// `mcsim props --json`: per offered (player, stat, line) p_over, p_under, p_push from one
/// simulation of the game, and per book price its EV and Kelly; the team totals simulated
/// alongside; players offered without a projection.
public struct PropsResponse: Encodable, Sendable {
  public struct Price: Encodable, Sendable {
    public let book: String
    public let side: String
    public let price: Double
    public let ev: Double
    public let kellyFull: Double
    /// The advised stake after the advice policy (fraction of bankroll, within the cap; 0 when
    /// withheld), and in money with a bankroll.
    public let stake: Double
    public let stakeAmount: Double?
    public let advice: SideAdvice

    enum CodingKeys: String, CodingKey {
      case book, side, price, ev, stake, advice
      case kellyFull = "kelly_full", stakeAmount = "stake_amount"
    }
  }

  public struct Prop: Encodable, Sendable {
    public let player: String
    public let stat: String
    public let line: Double
    public let pOver: Double
    public let pUnder: Double
    public let pPush: Double
    public let fairOver: Double?
    public let fairUnder: Double?
    public let prices: [Price]

    enum CodingKeys: String, CodingKey {
      case player, stat, line, prices
      case pOver = "p_over", pUnder = "p_under", pPush = "p_push", fairOver = "fair_over", fairUnder = "fair_under"
    }
  }

  public struct TeamTotal: Encodable, Sendable {
    public let team: String
    public let line: Double
    public let pOver: Double

    enum CodingKeys: String, CodingKey {
      case team, line
      case pOver = "p_over"
    }
  }

  public let event: String
  public let homeMean: Double
  public let awayMean: Double
  public let props: [Prop]
  public let teamTotals: [TeamTotal]
  public let unpriced: [String]
  public let skippedMarkets: [String]
  public let defaultedCorrelations: [ParlayResponse.DefaultedCorrelation]
  /// Quantities whose sd is the stat's default fraction of the mean (season averages).
  public let defaultedSDs: [String]
  public let simulations: UInt64
  public let seed: UInt64

  enum CodingKeys: String, CodingKey {
    case event, props, unpriced, simulations, seed
    case homeMean = "home_mean", awayMean = "away_mean", teamTotals = "team_totals", skippedMarkets = "skipped_markets"
    case defaultedCorrelations = "defaulted_correlations", defaultedSDs = "defaulted_sds"
  }

  public init(_ board: PropBoard, event: String, skippedMarkets: [String]) {
    self.event = event
    let game = board.result.parlay.games[0]
    homeMean = game.homeMean
    awayMean = game.awayMean
    props = board.rows.map { r in
      Prop(
        player: r.player, stat: r.stat.rawValue, line: r.line, pOver: r.pOver, pUnder: r.pUnder, pPush: r.pPush,
        fairOver: r.pOver > 0 ? 1 / r.pOver : nil, fairUnder: r.pUnder > 0 ? 1 / r.pUnder : nil,
        prices: r.prices.map { p in
          Price(
            book: p.offer.book, side: p.offer.side.rawValue, price: p.offer.price.decimal, ev: p.evaluation.expectedValue,
            kellyFull: p.evaluation.fullKelly, stake: p.advice.stake,
            stakeAmount: p.advice.stakeAmount, advice: p.advice)
        })
    }
    teamTotals = board.teamTotals.map { TeamTotal(team: $0.team.rawValue, line: $0.line, pOver: $0.pOver) }
    unpriced = board.unpriced
    self.skippedMarkets = skippedMarkets
    defaultedCorrelations = ParlayResponse.DefaultedCorrelation.all(board.result)
    defaultedSDs = board.result.parlay.players.filter(\.sdIsDefault).map(\.quantityName)
    simulations = board.result.simulations
    seed = board.result.options.seed
  }
}
