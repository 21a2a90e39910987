/// Seeds for reproducible runs.
package enum Seed {
  /// Seeds drawn by `random()` stay below 2^53, so they survive JSON clients that read every
  /// number as a double (JavaScript).
  package static let randomSeedLimit: UInt64 = 1 << 53

  /// A fresh seed from the system's entropy, for runs where the user gave none. The caller
  /// reports it so the run can be repeated exactly.
  package static func random() -> UInt64 {
    var generator = SystemRandomNumberGenerator()
    return generator.next(upperBound: randomSeedLimit)
  }

  /// A seed derived from a parent seed and an index (e.g. one per game of a slate), so that
  /// related runs get unrelated streams. SplitMix64 of the pair.
  package static func derive(_ seed: UInt64, _ index: UInt64) -> UInt64 {
    var x = seed ^ (index &* 0x9E37_79B9_7F4A_7C15)
    x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
    x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
    return x ^ (x >> 31)
  }
}
