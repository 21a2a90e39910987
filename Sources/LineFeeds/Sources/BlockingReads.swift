import ServiceContracts
import Dispatch

/// Reads that may block: an input behind a URL waits on its thread for the answer (HTTPFetcher).
/// From async code they run here, on a Dispatch thread, never on one of the few threads Swift
/// concurrency shares (on 2 cores, two such reads would stall every task of the process).
package enum BlockingReads {
  /// Runs `work` (which may read inputs, URLs among them) on a Dispatch thread and returns its
  /// result to the awaiting task.
  package static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
  }
}
