import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One number in C's printf notation (`%.2f`, `%+.1f`, `%g`, `%.2f%%`): the bytes
/// `String(format:)` gives for it, which hands the number to the same printf, without building
/// an NSString on the way. The agent's answer words its scenarios and sensitivities on every
/// request; through `String(format:)` that wording was 3.7% of a simulate request's instructions
/// (callgrind, 607k of 16.4M), through this about a sixth of it. Always in the C locale, whatever
/// the process's: a decimal point, never a comma.
package enum PrintfNumber {
  nonisolated(unsafe) private static let cLocale = newlocale(LC_NUMERIC_MASK, "C", nil)

  /// `x` by `spec`, a printf format with one `double` conversion.
  package static func format(_ spec: String, _ x: Double) -> String {
    let previous = uselocale(cLocale)
    defer { uselocale(previous) }
    if let short = write(spec, x, capacity: 64) { return short }
    let needed = withVaList([x]) { vsnprintf(nil, 0, spec, $0) }
    return write(spec, x, capacity: Int(needed) + 1)!
  }

  /// The formatted text if it fits `capacity` bytes with its terminator, else nil.
  private static func write(_ spec: String, _ x: Double, capacity: Int) -> String? {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
      let written = withVaList([x]) { vsnprintf(buffer.baseAddress, capacity, spec, $0) }
      precondition(written >= 0, "printf refused the format \(spec)")
      guard Int(written) < capacity else { return nil }
      return buffer.baseAddress!.withMemoryRebound(to: UInt8.self, capacity: Int(written)) {
        String(decoding: UnsafeBufferPointer(start: $0, count: Int(written)), as: UTF8.self)
      }
    }
  }
}
