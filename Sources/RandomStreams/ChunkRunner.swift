import Dispatch
import Synchronization

/// Runs the tasks of a run (chunks of `StreamLayout`, blocks of players, ...) on up to
/// `threads` threads: the one scheduler of both engines.
///
/// Workers take tasks from one shared counter (one relaxed atomic add per task, no lock), so
/// a slow thread never holds the others back. Which worker runs which task therefore varies
/// from run to run; what does not vary is that every task 0 ..< count runs exactly once and
/// that each worker sees its tasks in increasing order. A result is the same for any thread
/// count as long as each task's work depends on its index only (its stream comes from
/// `StreamLayout`, never from the thread) and the per-task results are combined independently
/// of who ran them: written to the task's own slot (`map`), or summed as integers.
///
/// `run` keeps per-worker state: the body is called once per worker with the worker's
/// index and its share of the tasks, so a worker can set up scratch memory once, carry state
/// from one task to the next (the game engine keeps a histogram across consecutive chunks of
/// one game) and flush it after its last task. Nothing is allocated per task.
///
/// One worker (one thread asked for, or one task) runs on the calling thread and wakes no
/// other.
package enum ChunkRunner {
  /// A worker's share of the tasks: the next task no other worker has taken, in increasing
  /// order, until there are none left.
  package struct Tasks: Sequence, IteratorProtocol {
    @usableFromInline let counter: Counter
    /// The number of tasks of the run (not of this worker).
    package let count: Int

    @inlinable
    package mutating func next() -> Int? {
      if let stop = counter.stop, stop() {
        counter.stopped.store(true, ordering: .relaxed)
        return nil
      }
      let task = counter.next.add(1, ordering: .relaxed).oldValue
      return task < count ? task : nil
    }
  }

  /// The shared counter of the next task to take, and the run's stop check (`RunStop`).
  @usableFromInline
  final class Counter: Sendable {
    @usableFromInline let next = Atomic<Int>(0)
    @usableFromInline let stop: (@Sendable () -> Bool)?
    @usableFromInline let stopped = Atomic<Bool>(false)
    init(stop: (@Sendable () -> Bool)?) { self.stop = stop }
  }

  /// Calls `worker(index, tasks)` once for each of `min(threads, count)` workers (at least
  /// one), each on its own thread, and returns when all have returned. Together the workers'
  /// `tasks` hold every task 0 ..< count exactly once.
  ///
  /// `worker` may capture memory it shares with other workers (unsafe pointers to per-task
  /// slots, say) that Swift cannot prove race-free: the caller keeps each task to its own
  /// slot, or locks.
  ///
  /// `stoppable`: the workers take no new task once `RunStop.check` (as bound on the calling
  /// thread) says stop; the run then returns false and its results are incomplete, which the
  /// caller must not use. Not stoppable (the default), every task runs and the result is true.
  @discardableResult
  package static func run(
    tasks count: Int, threads: Int, stoppable: Bool = false, _ worker: (_ worker: Int, _ tasks: Tasks) -> Void
  ) -> Bool {
    let counter = Counter(stop: stoppable ? RunStop.check : nil)
    let workers = max(1, min(threads, count))
    if workers == 1 {
      worker(0, Tasks(counter: counter, count: count))
    } else {
      withoutActuallyEscaping(worker) { worker in
        let body = UncheckedSendable(worker)
        DispatchQueue.concurrentPerform(iterations: workers) { index in
          body.value(index, Tasks(counter: counter, count: count))
        }
      }
    }
    // A worker that stopped took no task it did not finish: when every task was taken, the run is
    // complete even if the check said stop at the end.
    return !counter.stopped.load(ordering: .relaxed) || counter.next.load(ordering: .relaxed) >= count
  }

  /// Runs `body(task)` for every task 0 ..< count on up to `threads` threads.
  package static func forEach(tasks count: Int, threads: Int, _ body: (_ task: Int) -> Void) {
    run(tasks: count, threads: threads) { _, tasks in
      for task in tasks { body(task) }
    }
  }

  /// `forEach` collecting one result per task, in task order (each task writes its own slot).
  package static func map<T>(tasks count: Int, threads: Int, _ body: (_ task: Int) -> T) -> [T] {
    [T](unsafeUninitializedCapacity: count) { buffer, initialized in
      if let base = buffer.baseAddress {
        forEach(tasks: count, threads: threads) { task in (base + task).initialize(to: body(task)) }
      }
      initialized = count
    }
  }

  /// The body is shared by the workers, which the type system cannot check: see `run`.
  private struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
  }
}
