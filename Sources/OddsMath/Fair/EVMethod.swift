/// Where the fair probability came from.
public enum EVMethod: String, Hashable, Sendable, Codable {
  /// Median of the devigged markets of the sharp books present.
  case sharpConsensus = "sharp_consensus"
  /// Median of the devigged markets of every book pricing all sides (no sharp book does).
  case marketConsensus = "market_consensus"
  /// No fair probability.
  case none
}
