import Foundation

/// Folds per-chunk results in chunk order as they arrive from the workers: a result that comes
/// early waits until every chunk before it is folded. Workers take chunks in increasing order
/// (ChunkRunner), so at most about one chunk per worker waits: memory stays flat in the number
/// of chunks, and the fold is the same whatever the thread count.
final class OrderedFold<A: DrawAccumulator>: @unchecked Sendable {
  private let lock = NSLock()
  private var waiting: [Int: A] = [:]
  private var next = 0
  private var total: A?

  func add(_ result: A, chunk: Int) {
    lock.lock()
    defer { lock.unlock() }
    waiting[chunk] = result
    while let ready = waiting.removeValue(forKey: next) {
      if total == nil { total = ready } else { total!.merge(ready) }
      next += 1
    }
  }

  /// The fold of chunks 0 ..< count (all of them must have been added).
  var result: A? {
    lock.lock()
    defer { lock.unlock() }
    precondition(waiting.isEmpty, "chunks missing from the fold")
    return total
  }
}
