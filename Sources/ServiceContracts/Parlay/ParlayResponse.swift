import OddsMath
import Simulation
import UseCases

/// `mcsim parlay --json`: the joint probability of the legs with its 95% interval, the product
/// of the legs' own probabilities, the lift, fair odds, and at an offered price EV and Kelly;
/// each leg's own probability; how it was simulated (route, transform, seed, simulations) and
/// which correlations were defaulted or repaired.
package struct ParlayResponse: Encodable, Sendable {
  package struct Leg: Encodable, Sendable {
    package let leg: String
    package let game: String
    package let probability: Double
    package let fairOdds: Double?

    enum CodingKeys: String, CodingKey {
      case leg, game, probability
      case fairOdds = "fair_odds"
    }
  }

  /// A correlation the output assumed: a player's with his team's points
  /// (`{"quantity", "team_correlation"}`), or two stats of one player with each other
  /// (`{"quantity", "with", "correlation"}`).
  package struct DefaultedCorrelation: Encodable, Sendable {
    package let quantity: String
    package let teamCorrelation: Double?
    package let with: String?
    package let correlation: Double?

    package init(quantity: String, teamCorrelation: Double) {
      self.quantity = quantity
      self.teamCorrelation = teamCorrelation
      with = nil
      correlation = nil
    }

    package init(quantity: String, with: String, correlation: Double) {
      self.quantity = quantity
      teamCorrelation = nil
      self.with = with
      self.correlation = correlation
    }

    /// Every defaulted correlation of a priced parlay: team ones, then stat pairs.
    package static func all(_ r: ParlayResult) -> [DefaultedCorrelation] {
      r.defaultedCorrelations.map { DefaultedCorrelation(quantity: $0.quantity, teamCorrelation: $0.correlation) }
        + r.parlay.defaultedStatCorrelations.map {
          DefaultedCorrelation(quantity: $0.first, with: $0.second, correlation: $0.correlation)
        }
    }

    enum CodingKeys: String, CodingKey {
      case quantity
      case teamCorrelation = "team_correlation"
      case with, correlation
    }

    package func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(quantity, forKey: .quantity)
      try c.encodeIfPresent(teamCorrelation, forKey: .teamCorrelation)
      try c.encodeIfPresent(with, forKey: .with)
      try c.encodeIfPresent(correlation, forKey: .correlation)
    }
  }

  package struct Repair: Encodable, Sendable {
    package let frobeniusDistance: Double
    package let iterations: Int
    package let repaired: [[Double]]

    enum CodingKeys: String, CodingKey {
      case frobeniusDistance = "frobenius_distance"
      case iterations, repaired
    }
  }

  /// A game with a moneyline leg under an overtime model where a tie can stand.
  package struct MoneylineTie: Encodable, Sendable {
    package let game: String
    package let overtime: String
    /// P(the game ends tied): the moneyline leg loses then.
    package let pTie: Double
    package let note: String

    enum CodingKeys: String, CodingKey {
      case game, overtime, note
      case pTie = "p_tie"
    }
  }

  /// The market whose lines the projections were solved to make fair (`--from-market`).
  package struct Market: Encodable, Sendable {
    package let total: Double
    package let spread: Double
    package let homeMean: Double
    package let awayMean: Double

    enum CodingKeys: String, CodingKey {
      case total, spread
      case homeMean = "home_mean", awayMean = "away_mean"
    }
  }

  package let jointProbability: Double
  package let ci95: [Double]
  package let standardError: Double
  package let independentProbability: Double
  package let lift: Double?
  package let fairOdds: Double?
  package let price: Double?
  package let ev: Double?
  /// At a price: full Kelly, the advised stake after the advice policy (a fraction of bankroll
  /// within the cap, 0 when withheld), in money with a bankroll, and the policy's whole verdict.
  package let kellyFull: Double?
  package let stake: Double?
  package let stakeAmount: Double?
  package let advice: SideAdvice?
  package let legs: [Leg]
  /// legs_won[k]: P(exactly k legs win), k = 0 ... legs.
  package let legsWon: [Double]
  package let leagueFactor: Double?
  package let simulations: UInt64
  package let seed: UInt64
  package let route: String
  package let transform: String?
  package let dimension: Int
  package let quantities: [String]
  package let defaultedCorrelations: [DefaultedCorrelation]
  package let correlationRepair: Repair?
  package let fromMarket: Market?
  /// Moneyline legs that lose on a tie the game's overtime model lets stand.
  package let moneylineTies: [MoneylineTie]
  package let elapsedMs: Double

  enum CodingKeys: String, CodingKey {
    case jointProbability = "joint_probability", ci95 = "ci_95", standardError = "standard_error"
    case independentProbability = "independent_probability", lift, fairOdds = "fair_odds", price, ev, legs
    case kellyFull = "kelly_full", stake, stakeAmount = "stake_amount", advice
    case legsWon = "legs_won", leagueFactor = "league_factor"
    case simulations, seed, route, transform, dimension, quantities
    case defaultedCorrelations = "defaulted_correlations", correlationRepair = "correlation_repair"
    case fromMarket = "from_market", moneylineTies = "moneyline_ties", elapsedMs = "elapsed_ms"
  }

  package init(_ priced: PricedParlay, market: (total: Double, spread: Double)? = nil) {
    let r = priced.result, price = priced.price
    fromMarket = market.map {
      Market(total: $0.total, spread: $0.spread, homeMean: r.parlay.games[0].homeMean, awayMean: r.parlay.games[0].awayMean)
    }
    jointProbability = r.jointProbability
    let ci = r.jointInterval
    ci95 = [ci.lower, ci.upper]
    standardError = r.jointStandardError
    independentProbability = r.independentProbability
    lift = r.lift
    fairOdds = r.fairOdds
    self.price = price?.decimal
    if let price, let a = priced.advice {
      let e = r.evaluation(at: price)
      ev = e.expectedValue
      kellyFull = e.fullKelly
      stake = a.stake
      stakeAmount = a.stakeAmount
      advice = a
    } else {
      ev = nil
      kellyFull = nil
      stake = nil
      stakeAmount = nil
      advice = nil
    }
    let p = r.parlay
    legs = zip(p.legs, r.legProbabilities).map { leg, prob in
      Leg(leg: leg.label, game: p.gameNames[leg.game], probability: prob, fairOdds: prob > 0 ? 1 / prob : nil)
    }
    legsWon = r.wonDistribution
    leagueFactor = p.leagueFactor
    simulations = r.simulations
    seed = r.options.seed
    route = r.route.rawValue
    transform = r.transform
    dimension = r.route == .jointHistogram ? 2 : p.dimension
    quantities = r.route == .jointHistogram ? Array(p.quantityNames.prefix(2)) : p.quantityNames
    defaultedCorrelations = DefaultedCorrelation.all(r)
    correlationRepair = r.repair.map {
      Repair(frobeniusDistance: $0.distance, iterations: $0.iterations, repaired: $0.repaired)
    }
    moneylineTies = r.moneylineTies.map {
      MoneylineTie(
        game: $0.game, overtime: $0.overtime.rawValue, pTie: $0.probability,
        note:
          "a moneyline loses on a tie, which the \($0.overtime.rawValue) overtime model lets stand; --ot-model tie plays overtime until one team leads"
      )
    }
    elapsedMs = r.elapsedSeconds * 1000
  }

  /// Optionals are written as null, so every key is always there.
  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(jointProbability, forKey: .jointProbability)
    try c.encode(ci95, forKey: .ci95)
    try c.encode(standardError, forKey: .standardError)
    try c.encode(independentProbability, forKey: .independentProbability)
    try c.encode(lift, forKey: .lift)
    try c.encode(fairOdds, forKey: .fairOdds)
    try c.encode(price, forKey: .price)
    try c.encode(ev, forKey: .ev)
    try c.encode(kellyFull, forKey: .kellyFull)
    try c.encode(stake, forKey: .stake)
    try c.encodeIfPresent(stakeAmount, forKey: .stakeAmount)
    try c.encode(advice, forKey: .advice)
    try c.encode(legs, forKey: .legs)
    try c.encode(legsWon, forKey: .legsWon)
    try c.encode(leagueFactor, forKey: .leagueFactor)
    try c.encode(simulations, forKey: .simulations)
    try c.encode(seed, forKey: .seed)
    try c.encode(route, forKey: .route)
    try c.encode(transform, forKey: .transform)
    try c.encode(dimension, forKey: .dimension)
    try c.encode(quantities, forKey: .quantities)
    try c.encode(defaultedCorrelations, forKey: .defaultedCorrelations)
    try c.encode(correlationRepair, forKey: .correlationRepair)
    try c.encode(fromMarket, forKey: .fromMarket)
    try c.encode(moneylineTies, forKey: .moneylineTies)
    try c.encode(elapsedMs, forKey: .elapsedMs)
  }
}
