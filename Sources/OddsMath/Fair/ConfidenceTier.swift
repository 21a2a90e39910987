/// How far to trust the fair probability: by the number of sharp books behind it (2+ high,
/// 1 medium, 0 low); player props are never high.
public enum ConfidenceTier: String, Hashable, Sendable, Codable {
  case high, medium, low
}
