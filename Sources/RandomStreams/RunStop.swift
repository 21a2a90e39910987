#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A request to stop a run early because nobody will read its answer (the server's client hung
/// up). Whoever runs work on behalf of someone who may leave binds a check around it:
///
///     RunStop.withCheck({ presence.gone }) { try work() }
///
/// and the runs inside that opt in (`ChunkRunner.run(..., stoppable: true)`) take no new task
/// once the check says so. A stopped run's result is incomplete: its caller throws instead of
/// returning it, and the binder discards whatever comes back. The check is asked once a task,
/// from any worker thread, so it must be cheap (an atomic load) and stay true once true.
///
/// The check is bound to the calling thread (the server's pool threads are plain threads, on
/// which task-locals are not available); the run on that thread hands it to its own workers.
package enum RunStop {
  package typealias Check = @Sendable () -> Bool

  private final class Box {
    let check: Check
    init(_ check: @escaping Check) { self.check = check }
  }

  nonisolated(unsafe) private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// Runs `body` with `check` bound on this thread (nil: nothing to stop for).
  package static func withCheck<T>(_ check: Check?, _ body: () throws -> T) rethrows -> T {
    let previous = pthread_getspecific(key)
    let bound = check.map { Unmanaged.passRetained(Box($0)).toOpaque() }
    pthread_setspecific(key, bound)
    defer {
      pthread_setspecific(key, previous)
      if let bound { Unmanaged<Box>.fromOpaque(bound).release() }
    }
    return try body()
  }

  /// The check bound on this thread, if any.
  package static var check: Check? {
    guard let bound = pthread_getspecific(key) else { return nil }
    return Unmanaged<Box>.fromOpaque(bound).takeUnretainedValue().check
  }

  /// Whether the work of this thread was asked to stop.
  package static var isRequested: Bool { check?() ?? false }
}
