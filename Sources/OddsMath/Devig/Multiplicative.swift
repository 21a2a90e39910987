/// Multiplicative devig (normalisation), the replaced service's only method:
///
///   p_i = pi_i / B,   B = sum(pi_j)
///
/// Removes the margin in proportion to each implied probability, so it keeps every ratio
/// p_i / p_j = pi_i / pi_j and does nothing about the favourite-longshot bias.
enum Multiplicative {
  static func devig(_ market: Market) -> DevigResult {
    let b = market.booksum
    let p = market.prices.map { $0.impliedProbability / b }
    return DevigResult(method: .multiplicative, market: market, raw: p, parameter: nil)
  }
}
