import RandomStreams

/// A job that stops early once nobody will read its answer (a server's client has gone): the
/// engine checks `gone` between chunks and abandons the run (`InputError.stopped`).
package enum JobStop {
  /// `work`, stopped at its next chunk once `gone` returns true (nil: never stopped).
  package static func run<T>(until gone: (@Sendable () -> Bool)?, _ work: () throws -> T) rethrows -> T {
    try RunStop.withCheck(gone, work)
  }
}
