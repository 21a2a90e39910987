/// SplitMix64 (Steele, Lea and Flood): a small, fixed stream of 64-bit numbers from a seed, for
/// test inputs that are the same on every run, so a failure reproduces. Not the engine's
/// generator (RandomStreams), which the tests check.
package struct SplitMix64: RandomNumberGenerator {
  package var state: UInt64

  package init(seed: UInt64) { state = seed }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in [0, 1): the top 53 bits.
  package mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
}
