/// Which probability advice stands on: the model's exact answer (computed, no sampling error),
/// or the simulation's estimate (with its sampling error), for models without a closed form
/// (skew-normal scores) or when the exact block is switched off.
public enum ProbabilitySource: String, Hashable, Sendable, Codable {
  case exact
  case simulation
}
