import ServiceLifecycle
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Gives freed memory back to the system after large work. `HeapTuning` keeps scratch blocks
/// in the heap so small requests reuse them; after a heavy job or a large body, glibc would keep
/// every arena's freed pages (measured: 37 MB idle, 181 MB after sixteen 500-game batches and
/// fifty 200-outcome devigs, enough to kill a 512 MiB container after a few bursts).
/// Once a second, if large work happened since the last look, `malloc_trim(0)` returns the free
/// pages of every arena; the hot path only sets a flag.
final class MemoryTrimmer: Service, Sendable {
  private let pending = Atomic<Bool>(false)
  let interval: Duration

  init(interval: Duration = .seconds(1)) { self.interval = interval }

  /// Large work just ended (a heavy job, a large body): trim at the next look.
  func noteLargeWork() { pending.store(true, ordering: .relaxed) }

  func run() async throws {
    do {
      try await cancelWhenGracefulShutdown {
        while !Task.isCancelled {
          try await Task.sleep(for: self.interval)
          if self.pending.exchange(false, ordering: .relaxed) { Self.trim() }
        }
      }
    } catch is CancellationError {}
  }

  /// glibc's `malloc_trim(0)`, looked up at run time (Swift's Glibc module leaves malloc.h out);
  /// false where the C library has none.
  @discardableResult
  static func trim() -> Bool {
    #if canImport(Glibc)
      typealias MallocTrim = @convention(c) (Int) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return false }
      _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
      return true
    #else
      return false
    #endif
  }
}
