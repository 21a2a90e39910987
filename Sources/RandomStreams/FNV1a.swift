/// FNV-1a, 64 bits (Fowler, Noll, Vo): a fast, stable hash of bytes, the same on every machine
/// and run. Names the draws of a named stream (StreamLayout.streamID(named:)) and fingerprints
/// the inputs of a simulation (SimulationTape.digest), so it must never change.
///
///   hash = 0xcbf29ce484222325; for each byte b: hash = (hash ^ b) * 0x100000001b3 (mod 2^64)
package struct FNV1a: Sendable {
  package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
  static let prime: UInt64 = 0x0000_0100_0000_01b3

  package init() {}

  package mutating func add(byte: UInt8) {
    value = (value ^ UInt64(byte)) &* Self.prime
  }

  /// The eight bytes of `word`, least significant first.
  package mutating func add(word: UInt64) {
    for i in 0..<8 { add(byte: UInt8(truncatingIfNeeded: word >> (8 * UInt64(i)))) }
  }

  package mutating func add(_ text: String) {
    for byte in text.utf8 { add(byte: byte) }
  }

  package mutating func add(bytes: some Sequence<UInt8>) {
    for byte in bytes { add(byte: byte) }
  }

  /// 16 hex digits.
  package var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
