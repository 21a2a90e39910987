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
    switch market {
    case .total: totals
    case .spread: spreads
    case .moneyline: moneylines
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

  /// The three markets' weights (the model alone where a market has no decided game).
  package static func fit(_ games: [HistoricalGame], prices: [GamePrices?]) -> PoolingWeights {
    let m = MarketOutcome.extract(games, prices: prices)
    return PoolingWeights(totals: weight(m.totals) ?? 1, spreads: weight(m.spreads) ?? 1, moneylines: weight(m.moneylines) ?? 1)
  }
}
