import Foundation
import LineFeeds
import Logging
import ServiceContracts
import ServiceLifecycle
import UseCases

/// The live endpoints' lines: the configured odds feed and team stats, read again every
/// `refresh`. A refresh builds a whole new snapshot before it replaces the old one, so a request
/// never sees a half-updated slate; when a refresh fails the last good snapshot keeps being
/// served, with its age and the error.
actor LiveSources: Service {
  let configuration: LiveSourceConfiguration
  let seed: UInt64
  let threads: Int
  let logger: Logger
  /// Told after each reading: a feed's bytes and the slate priced from them are large work.
  let trimmer: MemoryTrimmer
  private(set) var snapshot: LiveSnapshot?
  private var lastError: String?
  /// Why the last good lines are kept though the last read worked (an empty feed).
  private var warning: String?
  private var lastAttempt: Date?

  init(_ configuration: LiveSourceConfiguration, seed: UInt64, threads: Int, logger: Logger, trimmer: MemoryTrimmer) {
    self.configuration = configuration
    self.trimmer = trimmer
    self.seed = seed
    self.threads = threads
    self.logger = logger
  }

  func status() -> SourceStatus {
    SourceStatus(
      // The sources as InputSource names them: a URL's password and key parameters masked.
      odds: InputSource(configuration.odds).description,
      // What the last reading projected from (ratings with their staleness), else what is configured.
      stats: snapshot?.tonight.inputs.stats
        ?? (configuration.results ?? configuration.stats ?? configuration.statsFrom).map { InputSource($0).description },
      readAt: snapshot?.readAt, changedAt: snapshot?.changedAt, now: Date(), lastError: lastError,
      refreshSeconds: configuration.refresh / .seconds(1), staleAfterSeconds: configuration.staleAfter / .seconds(1),
      warning: warning ?? snapshot?.staleRatings)
  }

  /// Reads the sources once; keeps the last good snapshot on failure.
  func refresh() async {
    lastAttempt = Date()
    defer { trimmer.noteLargeWork() }
    do {
      let next = try await LiveSnapshot.read(configuration, seed: seed, threads: threads, previous: snapshot)
      lastError = nil
      // A feed that answers no games (`[]`, a quota page that parses as a list) does not empty
      // a slate that had games: the last good lines stay, with a warning, until they are stale.
      if next.events == 0, let snapshot, snapshot.events > 0,
        Date().timeIntervalSince(snapshot.readAt) < configuration.staleAfter / .seconds(1)
      {
        warning = "the feed answered no games at \(Timestamp.format(next.readAt)); serving the last good lines"
        logger.warning("live odds feed answered no games; serving the last good lines")
        return
      }
      snapshot = next
      warning = nil
    } catch {
      lastError = "\(error)"
      logger.warning("live source refresh failed; serving the last good lines", metadata: ["error": "\(error)"])
    }
  }

  /// Refreshes until the server shuts down; a graceful shutdown ends the wait at once.
  func run() async throws {
    do {
      try await cancelWhenGracefulShutdown {
        while !Task.isCancelled {
          await self.refresh()
          try await Task.sleep(for: self.configuration.refresh)
        }
      }
    } catch is CancellationError {}
  }
}
