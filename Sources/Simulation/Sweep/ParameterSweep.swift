import OddsMath

/// How the answer moves with one or two assumptions: the totals market of one game evaluated on
/// a grid of lines, prices and model parameters.
///
/// Every grid point stands on common random numbers: each distinct model (one per combination
/// of the swept model parameters) is simulated from the same streams as every other (those of
/// `mcsim run` with the same seed), so the differences between points are the model's, not
/// sampling noise; with the projections swept p_over moves monotonically, exactly. The line
/// and the price change no model: they are read off each model's one joint histogram, so a
/// line sweep costs one simulation whatever its number of lines. Beside each simulated value
/// stands the exact distribution's (`ExactScoreDistribution`) wherever the model has one.
public struct ParameterSweep: Sendable {
  public let base: GameModel
  /// The base line and prices (used where they are not swept).
  public let market: TotalsMarket
  public let axes: [SweepAxis]
  /// The line offered by the market: the line when it is not swept, else the one given (if any).
  public let offeredLine: Double?
  /// The home team's spread, when cover probabilities are asked for.
  public let spread: Double?
  public let moneyline: Bool
  public let options: SimulationOptions
  /// Every grid point, the first axis varying slowest.
  public let points: [SweepPoint]
  /// One per distinct model, in the order of the model axes' grid.
  public let curves: [SweepCurve]
  /// Whether exact values were computed (at most `exactModelLimit` normal models, or
  /// `skewedExactModelLimit` skewed ones; a skewness beyond the exact reach has none).
  public let exactComputed: Bool
  public let simulationSeconds: Double
  /// Reading every point off the histograms (no simulation, no exact distribution).
  public let evaluationSeconds: Double
  public let exactSeconds: Double

  /// Exact distributions are computed for at most this many models (each about 1 ms at the
  /// service's sds, 60 ms at the widest accepted: at most half a minute in all).
  public static let exactModelLimit = 512
  /// A skewed model's exact distribution costs 36 or more normal ones' (17-40 ms at the NBA's
  /// fitted skewness): at most this many are computed, so a default sweep over lines (one or a
  /// few models) grades on it as `run` does.
  public static let skewedExactModelLimit = 16
  /// Models simulated per call: all on the same streams; a batch bounds the memory of the
  /// histograms held at once.
  static let batch = 16

  public init(
    model: GameModel, market: TotalsMarket, axes: [SweepAxis], offeredLine: Double? = nil, spread: Double? = nil,
    moneyline: Bool = false, options: SimulationOptions, exact: Bool = true, policy: AdvicePolicy = AdvicePolicy()
  ) throws(InputError) {
    try SweepAxis.validate(axes)
    try options.validate()
    try market.validate()
    try model.validate()
    base = model
    self.market = market
    self.axes = axes
    self.spread = spread
    self.moneyline = moneyline
    self.options = options
    let lineAxis = axes.firstIndex { $0.parameter == .line }
    self.offeredLine = lineAxis == nil ? market.line : offeredLine
    if let lineAxis {
      for v in axes[lineAxis].values { try TotalsMarket(line: v).validate() }
    }
    if let offeredLine { try TotalsMarket(line: offeredLine).validate() }
    if let spread {
      guard spread.isFinite, abs(spread) < 1000 else {
        throw .invalid(field: "spread", value: "\(spread)", reason: "must be in (-1000, 1000)")
      }
    }
    let priceAxis = axes.firstIndex { $0.parameter == .price }
    var prices: [Odds] = []
    if let priceAxis {
      for v in axes[priceAxis].values {
        do { prices.append(try Odds(decimal: v)) } catch {
          throw .invalid(field: "price", value: "\(v)", reason: "\(error)")
        }
      }
    }

    // The distinct models: every combination of the swept model parameters.
    let modelAxes = axes.indices.filter { axes[$0].parameter.changesModel }
    var combos: [[Int]] = [[]]
    for a in modelAxes {
      combos = combos.flatMap { c in axes[a].values.indices.map { c + [$0] } }
    }
    var models: [GameModel] = []
    models.reserveCapacity(combos.count)
    for combo in combos {
      var m = model
      for (a, i) in zip(modelAxes, combo) { axes[a].parameter.apply(axes[a].values[i], to: &m, base: model) }
      do { try m.validate() } catch {
        let blamed =
          zip(modelAxes, combo).first { Self.field(axes[$0.0].parameter, moves: error.field) }
          ?? (modelAxes[0], combo[0])
        let name = axes[blamed.0].parameter.rawValue
        throw .invalid(
          field: name, value: Self.text(axes[blamed.0].values[blamed.1]),
          reason: "gives an invalid model: \(error)")
      }
      models.append(m)
    }

    // One simulation per model, all on the same streams.
    let clock = ContinuousClock()
    var simulated: [JointScoreHistogram] = []
    let simulationStart = clock.now
    var start = 0
    while start < models.count {
      let end = min(start + Self.batch, models.count)
      simulated += try GameSimulator.simulate(Array(models[start..<end]), options: options, commonRandomNumbers: true)
      start = end
    }
    simulationSeconds = (clock.now - simulationStart).seconds

    var exactTotals: [TailProbabilities?] = Array(repeating: nil, count: models.count)
    var exactMargins: [TailProbabilities?] = Array(repeating: nil, count: models.count)
    let skewed = model.skewness != 0 || axes.contains { $0.parameter == .skew }
    let wantExact = exact && models.count <= (skewed ? Self.skewedExactModelLimit : Self.exactModelLimit)
    exactComputed = wantExact
    let exactStart = clock.now
    if wantExact {
      for (k, m) in models.enumerated() {
        if let d = ExactScoreDistribution.compute(m) {
          exactTotals[k] = TailProbabilities(d.totals)
          exactMargins[k] = TailProbabilities(d.margins)
        }
      }
    }
    exactSeconds = (clock.now - exactStart).seconds

    var curves: [SweepCurve] = []
    var points: [SweepPoint] = []
    let offered = self.offeredLine
    let evaluationStart = clock.now
    do {
      var totals: [TailProbabilities] = []
      var margins: [TailProbabilities] = []
      var games: [Double] = []
      for h in simulated {
        let d = ScoreDistribution(histogram: h)
        totals.append(TailProbabilities(d.totals))
        margins.append(TailProbabilities(d.margins))
        games.append(Double(h.games))
      }
      for (k, combo) in combos.enumerated() {
        func prices(_ t: TailProbabilities?) -> (Double?, Double?) {
          guard let t, let offered else { return (nil, nil) }
          let p = t.probabilities(at: offered)
          return (
            BetUncertainty.breakEvenPrice(win: p.above, lose: p.below),
            BetUncertainty.breakEvenPrice(win: p.below, lose: p.above)
          )
        }
        let (overPrice, underPrice) = prices(totals[k])
        let (exactOverPrice, exactUnderPrice) = prices(exactTotals[k])
        curves.append(
          SweepCurve(
            values: zip(modelAxes, combo).map { (axes[$0.0].parameter, axes[$0.0].values[$0.1]) },
            model: models[k],
            overLine: BreakEvenLine.over(totals[k], odds: market.overOdds),
            underLine: BreakEvenLine.under(totals[k], odds: market.underOdds),
            exactOverLine: exactTotals[k].flatMap { BreakEvenLine.over($0, odds: market.overOdds) },
            exactUnderLine: exactTotals[k].flatMap { BreakEvenLine.under($0, odds: market.underOdds) },
            overPrice: overPrice, underPrice: underPrice, exactOverPrice: exactOverPrice,
            exactUnderPrice: exactUnderPrice))
      }

      // Every grid point, the first axis varying slowest.
      var index = [Int](repeating: 0, count: axes.count)
      let count = axes.reduce(1) { $0 * $1.values.count }
      points.reserveCapacity(count)
      for _ in 0..<count {
        var curve = 0
        for a in modelAxes { curve = curve * axes[a].values.count + index[a] }
        let line = lineAxis.map { axes[$0].values[index[$0]] } ?? market.line
        let over = priceAxis.map { prices[index[$0]] } ?? market.overOdds
        let under = priceAxis.map { prices[index[$0]] } ?? market.underOdds
        points.append(
          Self.point(
            values: axes.indices.map { axes[$0].values[index[$0]] }, curve: curve, line: line, over: over, under: under,
            totals: totals[curve], margins: margins[curve], n: games[curve], exactTotals: exactTotals[curve],
            exactMargins: exactMargins[curve], spread: spread, moneyline: moneyline, policy: policy))
        // Next index, the last axis fastest.
        var a = axes.count - 1
        while a >= 0 {
          index[a] += 1
          if index[a] < axes[a].values.count { break }
          index[a] = 0
          a -= 1
        }
      }
    }
    evaluationSeconds = (clock.now - evaluationStart).seconds
    self.curves = curves
    self.points = points
  }

  /// A value as the user would type it (115, not 115.0), for messages.
  static func text(_ x: Double) -> String { PlainNumber.text(x) }

  /// Whether a model field named in a validation error is moved by `parameter`.
  static func field(_ parameter: SweepParameter, moves field: String) -> Bool {
    switch (parameter, field) {
    case (.home, "home_projection"), (.away, "away_projection"), (.shift, "home_projection"),
      (.shift, "away_projection"), (.homeSD, "home_std_dev"), (.awaySD, "away_std_dev"),
      (.sdScale, "home_std_dev"), (.sdScale, "away_std_dev"), (.rho, "correlation"), (.otRate, "ot_rate"),
      (.otPoints, "ot_points"), (.skew, "skewness"), (.skew, "correlation"):
      true
    default: false
    }
  }

  static func point(
    values: [Double], curve: Int, line: Double, over: Odds, under: Odds, totals: TailProbabilities,
    margins: TailProbabilities, n: Double, exactTotals: TailProbabilities?, exactMargins: TailProbabilities?,
    spread: Double?, moneyline: Bool, policy: AdvicePolicy
  ) -> SweepPoint {
    let p = totals.probabilities(at: line)
    // Each side advised as `run` advises it: on the exact probabilities where the model has them,
    // else on the simulated ones gated by their EV interval; beside the two prices' devigged market.
    let market = MarketProbability.singleBook(over, under)
    let q = exactTotals?.probabilities(at: line)
    func advice(_ side: BetSide, _ odds: Odds, win: Double, lose: Double, exactWin: Double?, exactLose: Double?, _ m: Int)
      -> SideAdvice
    {
      SideAdvice(
        side: side, odds: odds, simulated: SettlementProbabilities(win: win, lose: lose, push: p.equal),
        simulations: UInt64(n),
        exact: exactWin.map { SettlementProbabilities(win: $0, lose: exactLose!, push: q!.equal) },
        market: market.indices.contains(m) ? market[m] : nil, policy: policy.on(.total))
    }
    let window = totals.probabilities(at: line - 0.5).above - totals.probabilities(at: line + 0.5).above
    let w = ProportionInterval.wilson(window, n: n)
    let slope = SweepEstimate(
      value: -window, standardError: ProportionInterval.standardError(window, n: n), lower: -w.upper, upper: -w.lower)
    var exact: SweepPoint.Exact? = nil
    if let e = exactTotals {
      let q = e.probabilities(at: line)
      let ew = e.probabilities(at: line - 0.5).above - e.probabilities(at: line + 0.5).above
      exact = SweepPoint.Exact(
        pOver: q.above, pUnder: q.below, pPush: q.equal, dpOverDLine: -ew,
        evOver: BetUncertainty.expectedValue(win: q.above, lose: q.below, odds: over, n: nil).value,
        evUnder: BetUncertainty.expectedValue(win: q.below, lose: q.above, odds: under, n: nil).value)
    }
    func sides(at x: Double) -> SweepPoint.Sides {
      let s = margins.probabilities(at: x)
      let e = exactMargins?.probabilities(at: x)
      return SweepPoint.Sides(
        home: .proportion(s.above, n: n), away: .proportion(s.below, n: n), push: .proportion(s.equal, n: n),
        exactHome: e?.above, exactAway: e?.below)
    }
    return SweepPoint(
      values: values, curve: curve, line: line, overOdds: over, underOdds: under,
      pOver: .proportion(p.above, n: n), pUnder: .proportion(p.below, n: n), pPush: .proportion(p.equal, n: n),
      dpOverDLine: slope,
      evOver: BetUncertainty.expectedValue(win: p.above, lose: p.below, odds: over, n: n),
      evUnder: BetUncertainty.expectedValue(win: p.below, lose: p.above, odds: under, n: n),
      kellyOver: BetUncertainty.fullKelly(win: p.above, lose: p.below, odds: over, n: n),
      kellyUnder: BetUncertainty.fullKelly(win: p.below, lose: p.above, odds: under, n: n),
      breakEvenOverPrice: BetUncertainty.breakEvenPrice(win: p.above, lose: p.below),
      breakEvenUnderPrice: BetUncertainty.breakEvenPrice(win: p.below, lose: p.above),
      adviceOver: advice(.over, over, win: p.above, lose: p.below, exactWin: q?.above, exactLose: q?.below, 0),
      adviceUnder: advice(.under, under, win: p.below, lose: p.above, exactWin: q?.below, exactLose: q?.above, 1),
      exact: exact,
      // Home covers when margin + spread > 0, i.e. margin > -spread.
      spread: spread.map { sides(at: -$0) },
      moneyline: moneyline ? sides(at: 0) : nil)
  }
}

extension Duration {
  var seconds: Double {
    let (s, atto) = components
    return Double(s) + Double(atto) * 1e-18
  }
}
