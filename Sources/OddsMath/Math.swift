#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few libm functions the Odds library needs, in one place so no other file imports the
/// platform C library.
enum Math {
  @inline(__always) static func log(_ x: Double) -> Double { naturalLog(x) }
  @inline(__always) static func exp(_ x: Double) -> Double { exponential(x) }
}

@inline(__always) private func naturalLog(_ x: Double) -> Double { log(x) }
@inline(__always) private func exponential(_ x: Double) -> Double { exp(x) }
