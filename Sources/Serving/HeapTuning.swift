#if canImport(Glibc)
  import Glibc
#endif

/// Keeps the server's large scratch memory in the heap between requests.
///
/// Each simulation allocates a histogram of its score grid (about 36,000 cells for the default
/// model: 144 KB of 32-bit worker counts and 290 KB of totals), above glibc's default mmap
/// threshold of 128 KB. Such blocks are mapped fresh and returned to the kernel on every
/// request, so every request paid the page faults of zeroing new pages: measured in
/// `Benchmarks --filter request`, a 10^4-game simulation took 0.21 ms with them and 0.11 ms
/// without. Raising the mmap and trim thresholds keeps those blocks in the heap to be reused;
/// the price is up to `trimThreshold` of freed memory kept by the process.
package enum HeapTuning {
  package static let mmapThreshold: Int32 = 64 << 20
  package static let trimThreshold: Int32 = 256 << 20

  /// Applies the thresholds to the whole process; false where the C library has no `mallopt`
  /// (it is glibc's, looked up at run time: Swift's Glibc module leaves malloc.h out).
  @discardableResult
  package static func keepLargeBlocksInHeap() -> Bool {
    #if canImport(Glibc)
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
      let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
      // glibc's malloc.h: M_TRIM_THRESHOLD -1, M_MMAP_THRESHOLD -3; mallopt answers 1 on success.
      return mallopt(-3, mmapThreshold) == 1 && mallopt(-1, trimThreshold) == 1
    #else
      return false
    #endif
  }
}
