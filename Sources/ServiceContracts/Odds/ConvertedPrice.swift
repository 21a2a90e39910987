import OddsMath

/// One price of `mcsim odds convert --json`: the input as given and the same odds in every
/// format, with the implied probability (a fraction).
package struct ConvertedPrice: Encodable, Sendable {
  package let input: String
  package let odds: Odds

  package init(input: String, odds: Odds) {
    self.input = input
    self.odds = odds
  }

  enum CodingKeys: String, CodingKey {
    case input, decimal, american, fractional, fractionalLadder = "fractional_ladder"
    case hongKong = "hong_kong", impliedProbability = "implied_probability"
  }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(input, forKey: .input)
    try c.encode(odds.decimal, forKey: .decimal)
    try c.encode(odds.american, forKey: .american)
    try c.encode(odds.fractional.description, forKey: .fractional)
    try c.encode(odds.customaryFractional.description, forKey: .fractionalLadder)
    try c.encode(odds.hongKong, forKey: .hongKong)
    try c.encode(odds.impliedProbability, forKey: .impliedProbability)
  }
}
