import Dispatch

/// Runs `count` independent work items on up to `threads` threads. Item i always does the same
/// work whatever the thread count; callers write each item's result to its own slot, so the
/// outcome is bit-identical for any `threads`.
enum Parallel {
  static func forEach(_ count: Int, threads: Int, _ body: (Int) -> Void) {
    let workers = min(threads, count)
    if workers <= 1 {
      for i in 0..<count { body(i) }
      return
    }
    // Each item touches only its own slot, which the type system cannot see: hence unchecked.
    withoutActuallyEscaping(body) { body in
      let work = UncheckedSendable(body)
      DispatchQueue.concurrentPerform(iterations: workers) { worker in
        var i = worker
        while i < count {
          work.value(i)
          i += workers
        }
      }
    }
  }

  private struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
  }

  /// `forEach` collecting one result per item, in item order.
  static func map<T>(_ count: Int, threads: Int, _ body: (Int) -> T) -> [T] {
    [T](unsafeUninitializedCapacity: count) { buffer, initialized in
      if let base = buffer.baseAddress {
        forEach(count, threads: threads) { i in (base + i).initialize(to: body(i)) }
      }
      initialized = count
    }
  }
}
