import OddsMath

/// A priced parlay: how often all legs won together and each on its own, over `simulations`
/// simulated games, and what that makes the parlay worth at a price.
public struct ParlayResult: Sendable {
  /// How the legs were simulated.
  public enum Route: String, Hashable, Sendable {
    /// One game's joint score histogram, exactly as `run` counts it (the fused kernel).
    case jointHistogram = "joint_histogram"
    /// The multivariate path: team scores and player stats drawn together.
    case multivariate
  }

  public let parlay: Parlay
  public let options: SimulationOptions
  public let route: Route
  /// The multivariate path's transform ("blas" or "loop"); nil on the histogram.
  public let transform: String?
  /// Simulations in which every leg won.
  public let jointWins: UInt64
  /// Per leg, in the parlay's order.
  public let legWins: [UInt64]
  /// wonCounts[k]: simulations in which exactly k legs won (k = 0 ... legs).
  public let wonCounts: [UInt64]
  public let simulations: UInt64
  /// The correlation matrix used when the given one was repaired (nil otherwise).
  public let repair: ParlayCorrelationRepair?
  /// Players whose team correlation was not given: the default used for each.
  public var defaultedCorrelations: [(quantity: String, correlation: Double)] {
    parlay.players.filter { $0.teamCorrelation == nil && parlay.correlation == nil }
      .map { ($0.quantityName, $0.stat.defaultTeamCorrelation) }
  }
  public let elapsedSeconds: Double

  public init(
    parlay: Parlay, options: SimulationOptions, route: Route, transform: String?, jointWins: UInt64, legWins: [UInt64],
    wonCounts: [UInt64], simulations: UInt64, repair: ParlayCorrelationRepair?, elapsedSeconds: Double
  ) {
    self.wonCounts = wonCounts
    self.parlay = parlay
    self.options = options
    self.route = route
    self.transform = transform
    self.jointWins = jointWins
    self.legWins = legWins
    self.simulations = simulations
    self.repair = repair
    self.elapsedSeconds = elapsedSeconds
  }

  /// Games with a moneyline leg whose overtime model lets a tie stand (`none`, `flat`): the
  /// leg loses on a tie, and P(tie) from the game's exact score distribution says how often.
  /// Under `--ot-model tie` every game has a winner and nothing is listed.
  public var moneylineTies: [(game: String, overtime: Overtime.Kind, probability: Double)] {
    var out: [(String, Overtime.Kind, Double)] = []
    for (g, model) in parlay.games.enumerated() where model.overtime.kind != .tie {
      let hasMoneyline = parlay.legs.contains {
        if $0.game == g, case .moneyline = $0.market { return true }
        return false
      }
      guard hasMoneyline, let exact = ExactScoreDistribution.compute(model) else { continue }
      out.append((parlay.gameNames[g], model.overtime.kind, exact.margins.probabilities(line: 0).equal))
    }
    return out
  }

  /// P(every leg wins).
  public var jointProbability: Double { Double(jointWins) / Double(simulations) }

  /// Its standard error, sqrt(p (1 - p) / n).
  public var jointStandardError: Double { ProportionInterval.standardError(jointProbability, n: Double(simulations)) }

  /// Wilson 95% interval of the joint probability.
  public var jointInterval: (lower: Double, upper: Double) {
    ProportionInterval.wilson(jointProbability, n: Double(simulations))
  }

  /// P(exactly k legs win), k = 0 ... legs.
  public var wonDistribution: [Double] { wonCounts.map { Double($0) / Double(simulations) } }

  /// Each leg's own probability.
  public var legProbabilities: [Double] { legWins.map { Double($0) / Double(simulations) } }

  /// The product of the legs' own probabilities: the price of the parlay if they were independent.
  public var independentProbability: Double { legProbabilities.reduce(1, *) }

  /// joint / independent: above 1 the legs help each other (a correlated parlay a book prices as
  /// independent is underpriced). Nil when a leg never won.
  public var lift: Double? {
    let i = independentProbability
    return i > 0 ? jointProbability / i : nil
  }

  /// 1 / joint, nil when the parlay never won.
  public var fairOdds: Double? { jointWins > 0 ? 1 / jointProbability : nil }

  /// EV and Kelly at an offered price.
  public func evaluation(at price: Odds) -> BetEvaluation {
    BetEvaluation(odds: price, probabilities: SettlementProbabilities(win: jointProbability, lose: 1 - jointProbability))
  }
}

/// A correlation matrix replaced by its nearest correlation matrix (Higham 2002): the distance
/// and the matrix used, for the report.
public struct ParlayCorrelationRepair: Hashable, Sendable {
  /// Frobenius distance between the given matrix and the one used.
  public let distance: Double
  public let iterations: Int
  public let original: [[Double]]
  public let repaired: [[Double]]
}

extension ParlayResult {
  /// The advice policy's verdict on the parlay at an offered price: the joint probability is
  /// simulated only, so the bet is staked only when the 95% interval of its EV is narrow enough and
  /// above 0, at the interval's lower end, within the cap (`SideAdvice`). A pushed leg loses.
  public func advice(at price: Odds, policy: AdvicePolicy) -> SideAdvice {
    SideAdvice(
      side: .parlay, odds: price,
      simulated: SettlementProbabilities(win: jointProbability, lose: 1 - jointProbability, push: 0),
      simulations: simulations, exact: nil, market: nil, policy: policy)
  }
}

extension ParlayResult {
  /// The correlation of game g's teams that was simulated: the repaired matrix's entry when the
  /// given one was not positive semidefinite (in the quantities' terms: a skewed team's normal
  /// parts carry a larger one, `Parlay.normalPartScales`), else the parlay's own.
  public func gameCorrelationSimulated(_ g: Int) -> Double {
    guard let repaired = repair?.repaired else { return parlay.gameCorrelationUsed(g) }
    let k = parlay.normalPartScales
    return repaired[2 * g][2 * g + 1] * k[2 * g] * k[2 * g + 1]
  }
}
