import Foundation
import OddsMath

/// Per market, the model's weight when pooled with the market in log-odds (`LogOddsPool`).
package struct PoolingWeights: Hashable, Sendable {
  package var totals: Double
  package var spreads: Double
  package var moneylines: Double

  package init(totals: Double, spreads: Double, moneylines: Double) {
    self.totals = totals
    self.spreads = spreads
    self.moneylines = moneylines
  }

  /// The model alone on every market.
  package static let modelOnly = PoolingWeights(totals: 1, spreads: 1, moneylines: 1)

  /// The weights by market, as `AdvicePolicy.poolWeights` takes them.
  package var byMarket: [BetMarket: Double] { [.total: totals, .spread: spreads, .moneyline: moneylines] }

  package subscript(market: BetMarket) -> Double {
    get {
      switch market {
      case .total: totals
      case .spread: spreads
      case .moneyline: moneylines
      }
    }
    set {
      switch market {
      case .total: totals = newValue
      case .spread: spreads = newValue
      case .moneyline: moneylines = newValue
      }
    }
  }

}

/// The pooling weight that maximises the likelihood of the outcomes: the log-likelihood of
/// logit p = w logit p_model + (1 - w) logit p_market is concave in w (a logistic regression on
/// one offset covariate), so golden-section search on [0, 1] finds its maximum to 1e-9. Pushes
/// and games the model decided nothing on are left out.
package enum PoolingFit {
  package static func weight(_ outcomes: [MarketOutcome]) -> Double? {
    let used = outcomes.compactMap { o -> (Double, Double, Bool)? in
      guard o.outcome != 0, let p = o.modelProbability else { return nil }
      return (p, o.market, o.outcome > 0)
    }
    guard !used.isEmpty else { return nil }
    func loss(_ w: Double) -> Double {
      used.reduce(0) { s, f in
        let p = min(max(LogOddsPool.pool(model: f.0, market: f.1, weight: w), 1e-12), 1 - 1e-12)
        return s - (f.2 ? log(p) : log(1 - p))
      }
    }
    let r = (5.0.squareRoot() - 1) / 2
    var a = 0.0, b = 1.0
    var c = b - r * (b - a), d = a + r * (b - a)
    var fc = loss(c), fd = loss(d)
    while b - a > 1e-9 {
      if fc < fd {
        b = d
        d = c
        fd = fc
        c = b - r * (b - a)
        fc = loss(c)
      } else {
        a = c
        c = d
        fc = fd
        d = a + r * (b - a)
        fd = loss(d)
      }
    }
    let best = (a + b) / 2
    // The ends are candidates too: the search never evaluates them.
    return [0, best, 1].min { loss($0) < loss($1) }!
  }

  /// The standard error of the weight `w` fitted on `outcomes`, from the observed information:
  /// -d2l/dw2 = sum p (1 - p) (logit p_model - logit p_market)^2 at w, the pooled p (the
  /// log-likelihood of a logistic regression on one offset covariate). Infinite when the model
  /// and the market never differ (the data say nothing of w).
  package static func standardError(_ outcomes: [MarketOutcome], weight w: Double) -> Double {
    var information = 0.0
    for o in outcomes where o.outcome != 0 {
      guard let model = o.modelProbability else { continue }
      let a = LogOddsPool.logit(model), b = LogOddsPool.logit(o.market)
      let p = 1 / (1 + exp(-(w * a + (1 - w) * b)))
      information += p * (1 - p) * (a - b) * (a - b)
    }
    return information > 0 ? 1 / information.squareRoot() : .infinity
  }

  /// The three markets' weights (the model alone where a market has no decided game), and each
  /// one's standard error (nil where it has none).
  package static func fit(_ games: [HistoricalGame], prices: [GamePrices?]) -> (weights: PoolingWeights, standardErrors: [BetMarket: Double]) {
    let m = MarketOutcome.extract(games, prices: prices)
    var errors: [BetMarket: Double] = [:]
    func fitted(_ market: BetMarket, _ outcomes: [MarketOutcome]) -> Double {
      guard let w = weight(outcomes) else { return 1 }
      errors[market] = standardError(outcomes, weight: w)
      return w
    }
    let weights = PoolingWeights(
      totals: fitted(.total, m.totals), spreads: fitted(.spread, m.spreads), moneylines: fitted(.moneyline, m.moneylines))
    return (weights, errors)
  }

  /// Each market's weight combined with a prior's by inverse variance (a normal prior at the
  /// prior's weight and standard error, the fit's likelihood normal at its own): the combined
  /// weight lies between the two, nearer the more precise, with standard error
  /// 1 / sqrt(1 / se^2 + 1 / se_prior^2), kept in [0, 1]. A market without a finite, positive
  /// standard error on the fit's side takes the prior's weight and error.
  package static func shrink(
    _ weights: PoolingWeights, standardErrors: [BetMarket: Double], toward prior: PoolingWeights,
    priorErrors: [BetMarket: Double]
  ) -> (weights: PoolingWeights, standardErrors: [BetMarket: Double]) {
    var out = prior, errors: [BetMarket: Double] = [:]
    for market in BetMarket.allCases {
      let se = standardErrors[market] ?? .infinity, sep = priorErrors[market] ?? .infinity
      guard se.isFinite, se > 0, sep.isFinite, sep > 0 else {
        if sep.isFinite { errors[market] = sep }
        continue
      }
      let a = 1 / (se * se), b = 1 / (sep * sep)
      out[market] = min(max((a * weights[market] + b * prior[market]) / (a + b), 0), 1)
      errors[market] = 1 / (a + b).squareRoot()
    }
    return (out, errors)
  }
}
