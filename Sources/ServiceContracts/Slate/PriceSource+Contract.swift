import Simulation

/// Where a market's prices came from (a slate game's `total_source`, `spread.source`, ...).
extension PriceSource: Encodable {
  enum WireKeys: String, CodingKey {
    case bestBooks = "best_books", bookCount = "book_count", fairProbabilities = "fair_probabilities"
    case method, gate, otherLines = "other_lines"
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encode(bestBooks, forKey: .bestBooks)
    try c.encode(bookCount, forKey: .bookCount)
    try c.encodeIfPresent(fairProbabilities, forKey: .fairProbabilities)
    try c.encode(method, forKey: .method)
    try c.encodeIfPresent(gate, forKey: .gate)
    try c.encode(otherLines, forKey: .otherLines)
  }
}
