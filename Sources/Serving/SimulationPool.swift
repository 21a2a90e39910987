import Foundation
import UseCases
import Synchronization

/// The bounded pool that simulations run on, off the event loop: `workers` jobs at once, up to
/// `queueLimit` waiting in arrival order, each waiting at most `deadline`. A request that finds
/// the queue full, or waits past its deadline, is refused with `PoolError.busy` (503 with
/// Retry-After) instead of queueing without end; requests that need no simulation (health,
/// metrics, the OpenAPI document) never enter the pool, so they answer while it is saturated.
///
/// Long jobs run on the pool's own `workers` threads, never on Dispatch's or Swift concurrency's
/// shared threads (a short one, about 2 ms at most, runs on its request's task: the hop to a
/// pool thread and back cost more than it): on Linux both draw on one pool of as many threads as cores, so jobs held there would
/// keep every async handler, /health included, waiting until a simulation finished (measured on
/// 2 cores with 2 simulations of 10^7 running: /health took 0.74 s on Dispatch's threads, 1 to 6
/// ms on the pool's own; docs/serving.md).
package final class SimulationPool: Sendable {
  package enum PoolError: Error, Equatable, Sendable {
    /// No worker within the deadline, or no room in the queue: try again after `retryAfter` s.
    case busy(retryAfter: Int)
    /// The client hung up before its job started: the job was not run (nobody would read it).
    case clientGone
    /// The client's address already has `limit` jobs running or waiting (`ClientWork`).
    case clientAtCap(limit: Int)
  }

  private struct Waiter {
    let id: UInt64
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var running = 0
    var nextID: UInt64 = 0
    var queue: [Waiter] = []
    var head = 0
    var waiting: Int { queue.count - head }
  }

  package let workers: Int
  package let queueLimit: Int
  package let deadline: Duration
  private let state = Mutex(State())
  private let threads: JobThreads

  /// `threads`: the pool's own threads (default one per worker); 0 for a pool whose jobs all
  /// run inline, on their request's task.
  package init(workers: Int, queueLimit: Int, deadline: Duration, threads: Int? = nil) {
    self.workers = max(1, workers)
    self.queueLimit = max(0, queueLimit)
    self.deadline = deadline
    self.threads = JobThreads(count: threads ?? self.workers)
  }

  deinit { threads.stop() }

  /// Jobs running and waiting now (for /health and metrics).
  package var load: (running: Int, waiting: Int) {
    state.withLock { ($0.running, $0.waiting) }
  }

  /// Runs `work` on a pool thread once a worker is free, and returns its result.
  ///
  /// `clientGone` says whether the client has hung up. It is asked once the worker is free
  /// (true drops the job before it starts), and the job runs with it bound (`JobStop`),
  /// so a simulation stops between chunks once the client has gone. A job whose client went
  /// while it ran throws `clientGone`, whatever the work returned: nobody will read it, and a
  /// stopped run's answer is incomplete.
  package func run<T: Sendable>(
    inline: Bool = false, clientGone: (@Sendable () -> Bool)? = nil, _ work: @escaping @Sendable () throws -> T
  ) async throws -> T {
    try await acquire()
    defer { release() }
    if clientGone?() == true { throw PoolError.clientGone }
    // A short job runs where the request already is: the hop to a pool thread and back cost
    // more than a 10^4-game simulation. Admission still bounds how many run at once.
    if inline { return try work() }
    let result: Result<T, any Error> = await withCheckedContinuation { continuation in
      threads.submit {
        continuation.resume(returning: Result { try JobStop.run(until: clientGone) { try work() } })
      }
    }
    if clientGone?() == true { throw PoolError.clientGone }
    return try result.get()
  }

  private var retryAfter: Int {
    max(1, Int((deadline.components.seconds + 1) / 2))
  }

  private func acquire() async throws {
    enum Admission { case now, wait(UInt64), refuse }
    // Reserve the id before suspending, so a timeout can find (and remove) this waiter.
    let id: UInt64 = state.withLock { s in
      s.nextID += 1
      return s.nextID
    }
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      let admission: Admission = state.withLock { s in
        if s.running < workers && s.waiting == 0 {
          s.running += 1
          return .now
        }
        guard s.waiting < queueLimit else { return .refuse }
        s.queue.append(Waiter(id: id, continuation: continuation))
        return .wait(id)
      }
      switch admission {
      case .now: continuation.resume()
      case .refuse: continuation.resume(throwing: PoolError.busy(retryAfter: retryAfter))
      case .wait(let id):
        let deadline = self.deadline
        Task { [weak self] in
          try? await Task.sleep(for: deadline)
          self?.expire(id)
        }
      }
    }
  }

  /// Removes a waiter that is still queued when its deadline passes and refuses it.
  private func expire(_ id: UInt64) {
    let expired: Waiter? = state.withLock { s in
      guard let i = s.queue[s.head...].firstIndex(where: { $0.id == id }) else { return nil }
      let w = s.queue.remove(at: i)
      return w
    }
    expired?.continuation.resume(throwing: PoolError.busy(retryAfter: retryAfter))
  }

  private func release() {
    let next: Waiter? = state.withLock { s in
      guard s.waiting > 0 else {
        s.running -= 1
        return nil
      }
      let w = s.queue[s.head]
      s.head += 1
      if s.head > 64 && s.head * 2 > s.queue.count {
        s.queue.removeFirst(s.head)
        s.head = 0
      }
      return w  // the worker passes straight to the next waiter: running stays the same
    }
    next?.continuation.resume()
  }
}

/// The pool's threads: each takes the oldest job, runs it, and waits for the next. `acquire`
/// admits at most as many jobs as there are threads, so a job never waits here.
private final class JobThreads: @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [@Sendable () -> Void] = []
  private var stopped = false

  init(count: Int) {
    for i in 0..<count {
      // Named from inside, through /proc/thread-self/comm (the name top -H shows, at most 15
      // bytes): Foundation's Thread.name can race the thread's start and leave the name it
      // inherited from its creator.
      Thread { [self] in
        try? "mcsim-sim-\(i)".write(toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
        loop()
      }.start()
    }
  }

  func submit(_ job: @escaping @Sendable () -> Void) {
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Lets the threads end once no job is left (the pool is gone).
  func stop() {
    condition.lock()
    stopped = true
    condition.broadcast()
    condition.unlock()
  }

  private func loop() {
    while true {
      condition.lock()
      while jobs.isEmpty && !stopped { condition.wait() }
      if jobs.isEmpty {
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job()
    }
  }
}
