import Foundation

/// The model's probability pooled with the market's in log-odds (a logarithmic opinion pool):
///
///   logit p = w logit p_model + (1 - w) logit p_market,   w in [0, 1],
///
/// so w = 1 is the model alone and w = 0 the market alone. `calibrate` fits w per market by
/// maximum likelihood (`PoolingFit`); advice stands on p where a market price exists.
/// Probabilities are held within [1e-6, 1 - 1e-6] first (a simulated 0 is an estimate).
public enum LogOddsPool {
  public static func pool(model: Double, market: Double, weight w: Double) -> Double {
    if w == 1 { return model }
    if w == 0 { return market }
    let z = w * logit(model) + (1 - w) * logit(market)
    return 1 / (1 + exp(-z))
  }

  package static func clamp(_ p: Double) -> Double { min(max(p, 1e-6), 1 - 1e-6) }
  package static func logit(_ p: Double) -> Double {
    let q = clamp(p)
    return log(q / (1 - q))
  }
}
