import Foundation
import LineFeeds
import Renderers
import ServiceContracts
import UseCases

/// One consistent reading of the live sources, computed in full before it is served: the feed
/// and the team stats read together, tonight's slate simulated from them, the fair-odds report
/// evaluated over the same quotes. Requests read a snapshot; they never simulate or devig.
struct LiveSnapshot: Sendable {
  private(set) var readAt: Date
  /// When the lines last changed: the time of the first reading of these inputs. A reading
  /// whose feed, stats and night are byte for byte the last one's serves the last snapshot
  /// again (nothing is priced twice) and keeps this time, so a page reloads only when
  /// something moved.
  let changedAt: Date
  /// FNV-1a of what was read: the feed's bytes, the stats' or results' bytes, the night.
  let inputs: UInt64
  /// The feed's events (0: it answered none).
  let events: Int
  let tonight: SlateResponse
  /// Tonight's games as assembled (model and markets), by id: what a game's page prices again.
  let games: TonightGames
  /// The report's bets in the FairBet clients' shape.
  let fairBet: FairBetCatalog
  let sharpBooks: [String]
  /// The exact distributions its games were graded on, kept for the next read's pricing.
  var exacts = KeptExactDistributions()
  /// Why the ratings projecting tonight are not to be trusted blindly (`RatingsSourceText`): nil
  /// unless they are more than two weeks past their last result.
  var staleRatings: String?

  enum ReadError: Error, CustomStringConvertible {
    case odds(String), stats(String), scoreboard(String)
    var description: String {
      switch self {
      case .odds(let s): "odds feed: \(s)"
      case .stats(let s): "team stats: \(s)"
      case .scoreboard(let s): "scoreboard: \(s)"
      }
    }
  }

  /// Reads and evaluates everything, off the caller's thread (feeds and stats may be URLs);
  /// `previous` again, read at a new time, when the inputs are the same bytes.
  static func read(_ configuration: LiveSourceConfiguration, seed: UInt64, threads: Int, previous: LiveSnapshot?)
    async throws -> LiveSnapshot
  {
    try await BlockingReads.run { try readNow(configuration, seed: seed, threads: threads, previous: previous) }
  }

  static func readNow(
    _ configuration: LiveSourceConfiguration, seed: UInt64, threads: Int, previous: LiveSnapshot? = nil
  ) throws -> LiveSnapshot {
    let (inputs, oddsSource, statsSource) = try readInputs(configuration)
    let now = Date()
    if var again = previous, again.inputs == inputs.fingerprint {
      again.readAt = now
      return again
    }
    let (feed, ambiguous) = try decodeFeed(inputs.odds, oddsSource, configuration)
    let quoting = try FairQuoting(.init(), configSharpBooks: configuration.sharpBooks, configFees: configuration.fees)
    let projected = try project(inputs, statsSource, configuration)
    let board = try scoreboard(inputs, configuration)
    let live = try LiveSlatePricing(
      LiveSlateRequest(feed: feed, projections: projected.projections, night: inputs.night, scoreboard: board),
      context: configuration.pricing, quoting: quoting, seed: seed, threads: threads,
      exacts: previous?.exacts ?? KeptExactDistributions())
    var sources = SlateResponse.Inputs(odds: oddsSource.description, oddsFormat: feed.format.rawValue, stats: projected.stats.source)
    sources.rejected =
      feed.rejected.map(\.description) + projected.stats.skipped
      + (board?.rejected ?? []).map { "scoreboard: \($0.location): \($0.reason)" }
    sources.notes = feed.notes
    var tonight = SlateResponse(
      live.priced, options: live.options, unmatched: live.unmatched,
      methodology: .init(
        base: configuration.pricing.model, options: live.options, projections: projected.methodology,
        advice: configuration.pricing.advice),
      inputs: sources)
    tonight.endpoint = .tonight
    tonight.provenance = configuration.pricing.provenance
    tonight.warnings = ambiguous.map { PriceWarningText.message($0) } + (projected.stale.map { [$0] } ?? [])
    return LiveSnapshot(
      readAt: now, changedAt: now, inputs: inputs.fingerprint, events: feed.events.count, tonight: tonight,
      games: live.games, fairBet: FairBetCatalog(board: live.board),
      sharpBooks: quoting.policy.sharpBooks, exacts: live.exacts, staleRatings: projected.stale)
  }

  /// The feed's events and the prices read as decimal that look American, at most
  /// `--max-feed-events` events.
  static func decodeFeed(_ bytes: Data, _ source: InputSource, _ configuration: LiveSourceConfiguration) throws
    -> (Feed, [AmbiguousPrice])
  {
    let (feed, ambiguous) = try odds(source) {
      try PriceNotices.collect { try FeedDecoder.decode(bytes, format: nil, priceFormat: nil) }
    }
    guard feed.events.count <= configuration.maxFeedEvents else {
      throw ReadError.odds("\(source): \(feed.events.count) events, more than \(configuration.maxFeedEvents) (--max-feed-events)")
    }
    return (feed, ambiguous)
  }

  /// The live scoreboard read, when one is given.
  static func scoreboard(_ inputs: LiveInputs, _ configuration: LiveSourceConfiguration) throws -> Scoreboard? {
    guard let data = inputs.scoreboard else { return nil }
    do { return try Scoreboard.decode(data) } catch { throw ReadError.scoreboard("\(configuration.scoreboard ?? ""): \(error)") }
  }

  /// The feed's and the stats' bytes, read together by the configuration's reader
  /// (`LiveInputReader`: files and URLs, or bytes in memory), and the night they price.
  static func readInputs(_ configuration: LiveSourceConfiguration) throws -> (LiveInputs, InputSource, InputSource) {
    let reader = configuration.reader
    let oddsSource = InputSource(configuration.odds)
    let oddsBytes = try odds(oddsSource) { try read(configuration.odds, reader, configuration) }
    guard let statsPath = configuration.results ?? configuration.stats ?? configuration.statsFrom else {
      throw ReadError.stats("none given: --stats, --stats-from or --results")
    }
    let statsSource = InputSource(statsPath)
    let statsBytes = try stats(statsSource) { try reader.read(statsPath, maxBytes: HTTPFetcher.decodedLimit) }
    let night = configuration.asOf ?? SlateAssembly.easternDate(configuration.now ?? Date())
    let board = try configuration.scoreboard.map { path in
      let source = InputSource(path)
      do { return try read(path, reader, configuration) } catch { throw ReadError.scoreboard("\(source): \(error)") }
    }
    return (LiveInputs(odds: oddsBytes, stats: statsBytes, night: night, scoreboard: board), oddsSource, statsSource)
  }

  /// A feed's or a scoreboard's bytes, at most `--max-feed-bytes` of them.
  static func read(_ argument: String, _ reader: any LiveInputReader, _ configuration: LiveSourceConfiguration) throws -> Data {
    let limit = configuration.maxFeedBytes
    let read = Result { () throws(SourceError) -> Data in try reader.read(argument, maxBytes: limit) }
    if case .failure(let error) = read, error == .tooLarge(limit) { throw SourceError("\(error) (--max-feed-bytes)") }
    return try read.get()
  }

  /// What projects tonight's games: the stats, or ratings fitted on the results before the
  /// night; the stats table as the answer names it, and a warning if the ratings are stale.
  static func project(_ inputs: LiveInputs, _ statsSource: InputSource, _ configuration: LiveSourceConfiguration) throws
    -> (projections: SlateProjections, stats: TeamStatsTable, methodology: SlateResponse.Methodology.Projections, stale: String?)
  {
    guard configuration.results != nil else {
      let stats = try readStats(configuration, statsSource, inputs.stats, night: inputs.night)
      return (.stats(stats), stats, .stats, nil)
    }
    let ratings = try Self.stats(statsSource) {
      let file = try GameResultsFile.decode(inputs.stats, source: statsSource.description)
      return try Rating.run(RatingsRequest(games: file.games, asOf: inputs.night, settings: configuration.pricing.ratings))
    }
    return (
      .ratings(ratings, day: inputs.night),
      TeamStatsTable(source: RatingsSourceText.source(ratings, from: statsSource.description)),
      .ratings(asOf: ratings.asOf), RatingsSourceText.staleWarning(ratings)
    )
  }

  /// `body`'s value, its error the odds feed's (named by `source`).
  static func odds<T>(_ source: InputSource, _ body: () throws -> T) throws -> T {
    do { return try body() } catch { throw ReadError.odds("\(source): \(error)") }
  }

  /// `body`'s value, its error the stats' (named by `source`).
  static func stats<T>(_ source: InputSource, _ body: () throws -> T) throws -> T {
    do { return try body() } catch let e as ReadError { throw e } catch { throw ReadError.stats("\(source): \(error)") }
  }

  /// Team stats from `--stats` (JSON) or `--stats-from` (season to date before the night), as
  /// read from `source`.
  static func readStats(_ configuration: LiveSourceConfiguration, _ source: InputSource, _ bytes: Data, night: String)
    throws -> TeamStatsTable
  {
    do {
      if configuration.stats != nil { return try TeamStatsFile.decode(bytes, source: source.description) }
      return try ResultsStats.compute(csv: bytes, options: .init(asOf: night), source: source.description)
    } catch {
      throw ReadError.stats("\(source): \(error)")
    }
  }
}
