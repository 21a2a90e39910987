import OddsMath

/// A market's advice: `probability_source`, `recommended_bet` (the same value as the
/// `recommended_bet` beside it), and one object per side, keyed by the side's name.
extension MarketAdvice: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: NamedKey.self)
    try c.encode(source, forKey: NamedKey("probability_source"))
    try c.encode(recommendation, forKey: NamedKey("recommended_bet"))
    for side in sides { try c.encode(side, forKey: NamedKey(side.side)) }
  }
}
