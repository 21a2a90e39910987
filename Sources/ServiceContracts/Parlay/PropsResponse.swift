import OddsMath
import Simulation
import UseCases

/// `mcsim props --json`: per offered (player, stat, line) p_over, p_under, p_push from one
/// simulation of the game, and per book price its EV, Kelly and advice on the card (one stake per
/// selection, `same_selection_staked` for the others); the card's stakes added up
/// (`total_exposure_fraction`, in money `total_exposure`, `exposure_scaled` when scaled to the
/// cap), as a slate's; the team totals simulated alongside; players offered without a projection.
package struct PropsResponse: Encodable, Sendable {
  package struct Price: Encodable, Sendable {
    package let book: String
    package let side: String
    package let price: Double
    package let ev: Double
    package let kellyFull: Double
    /// The advised stake after the advice policy (fraction of bankroll, within the cap; 0 when
    /// withheld), and in money with a bankroll.
    package let stake: Double
    package let stakeAmount: Double?
    package let advice: SideAdvice

    enum CodingKeys: String, CodingKey {
      case book, side, price, ev, stake, advice
      case kellyFull = "kelly_full", stakeAmount = "stake_amount"
    }
  }

  package struct Prop: Encodable, Sendable {
    package let player: String
    package let stat: String
    package let line: Double
    package let pOver: Double
    package let pUnder: Double
    package let pPush: Double
    package let fairOver: Double?
    package let fairUnder: Double?
    package let prices: [Price]

    enum CodingKeys: String, CodingKey {
      case player, stat, line, prices
      case pOver = "p_over", pUnder = "p_under", pPush = "p_push", fairOver = "fair_over", fairUnder = "fair_under"
    }
  }

  package struct TeamTotal: Encodable, Sendable {
    package let team: String
    package let line: Double
    package let pOver: Double

    enum CodingKeys: String, CodingKey {
      case team, line
      case pOver = "p_over"
    }
  }

  package let event: String
  package let homeMean: Double
  package let awayMean: Double
  package let props: [Prop]
  package let teamTotals: [TeamTotal]
  package let unpriced: [String]
  package let skippedMarkets: [String]
  package let defaultedCorrelations: [ParlayResponse.DefaultedCorrelation]
  /// Quantities whose sd is the stat's default fraction of the mean (season averages).
  package let defaultedSDs: [String]
  package let simulations: UInt64
  package let seed: UInt64
  package let totalExposureFraction: Double
  package let totalExposure: Double
  package let bankroll: Double
  package let exposureScaled: Bool

  enum CodingKeys: String, CodingKey {
    case event, props, unpriced, simulations, seed, bankroll
    case totalExposure = "total_exposure", totalExposureFraction = "total_exposure_fraction", exposureScaled = "exposure_scaled"
    case homeMean = "home_mean", awayMean = "away_mean", teamTotals = "team_totals", skippedMarkets = "skipped_markets"
    case defaultedCorrelations = "defaulted_correlations", defaultedSDs = "defaulted_sds"
  }

  package init(_ card: PropCard, event: String, skippedMarkets: [String]) {
    let board = card.board
    self.event = event
    totalExposureFraction = card.totalExposure
    totalExposure = card.totalExposureAmount
    bankroll = card.policy.bankroll
    exposureScaled = card.scaledToCap
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
