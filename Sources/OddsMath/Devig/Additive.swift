/// Additive devig: every outcome gives up the same share of the margin,
///
///   p_i = pi_i - (B - 1) / n.
///
/// For two outcomes it always stays in (0, 1) and coincides with Shin. For three or more, a
/// longshot whose implied probability is below (B - 1) / n gets a negative probability: the
/// result then carries a `.probabilityOutOfRange` warning, never a silent clamp.
enum Additive {
  static func devig(_ market: Market) -> DevigResult {
    let share = market.overround / Double(market.prices.count)
    let p = market.prices.map { $0.impliedProbability - share }
    return DevigResult(method: .additive, market: market, raw: p, parameter: nil)
  }
}
