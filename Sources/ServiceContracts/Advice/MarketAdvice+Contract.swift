import OddsMath

/// A market's advice: `probability_source`, `recommended_bet` (the same value as the
/// `recommended_bet` beside it), and one object per side, keyed by the side's name.
extension MarketAdvice: ContractObject {
  package func writeFields(to fields: inout some FieldWriter) throws {
    try fields.field("probability_source", source)
    try fields.field("recommended_bet", recommendation)
    for side in sides { try fields.field(side.side.rawValue, side) }
  }
}
