import Calibration
import Foundation
import LineFeeds
import OddsMath
import RandomStreams
import Renderers
import ServiceContracts
import Simulation
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
  let games: [String: SlateGame]
  let fair: FairOddsReport
  /// The report's bets in the FairBet clients' shape.
  let fairBet: FairBetCatalog
  let sharpBooks: [String]
  /// Why the ratings projecting tonight are not to be trusted blindly (`RatingsSourceText`): nil
  /// unless they are more than two weeks past their last result.
  var staleRatings: String?

  enum ReadError: Error, CustomStringConvertible {
    case odds(String), stats(String)
    var description: String {
      switch self {
      case .odds(let s): "odds feed: \(s)"
      case .stats(let s): "team stats: \(s)"
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
    let fetcher = HTTPFetcher()
    let oddsSource = InputSource(configuration.odds)
    let oddsBytes: Data
    do { oddsBytes = try oddsSource.read(fetcher: fetcher) } catch { throw ReadError.odds("\(oddsSource): \(error)") }
    guard let statsPath = configuration.results ?? configuration.stats ?? configuration.statsFrom else {
      throw ReadError.stats("none given: --stats, --stats-from or --results")
    }
    let statsSource = InputSource(statsPath)
    let statsBytes: Data
    do { statsBytes = try statsSource.read(fetcher: fetcher) } catch { throw ReadError.stats("\(statsSource): \(error)") }
    let night = configuration.asOf ?? SlateAssembly.easternDate(configuration.now ?? Date())
    var digest = FNV1a()
    digest.add(bytes: oddsBytes)
    digest.add(bytes: statsBytes)
    digest.add(night)
    let now = Date()
    if var again = previous, again.inputs == digest.value {
      again.readAt = now
      return again
    }

    let feed: Feed
    let ambiguous: [AmbiguousPrice]
    do {
      (feed, ambiguous) = try PriceNotices.collect { try FeedDecoder.decode(oddsBytes, format: nil, priceFormat: nil) }
    } catch {
      throw ReadError.odds("\(oddsSource): \(error)")
    }
    var policy = FairOddsPolicy()
    if let sharp = configuration.sharpBooks { policy.sharpBooks = sharp }
    let base = configuration.model
    let stats: TeamStatsTable
    let assembled: AssembledSlate
    let projections: SlateResponse.Methodology.Projections
    var stale: String?
    if configuration.results != nil {
      let ratings: TeamRatings
      do {
        let file = try GameResultsFile.decode(statsBytes, source: statsSource.description)
        ratings = try Rating.run(RatingsRequest(games: file.games, asOf: night, settings: configuration.ratings))
      } catch {
        throw ReadError.stats("\(statsSource): \(error)")
      }
      stats = TeamStatsTable(source: RatingsSourceText.source(ratings, from: statsSource.description))
      stale = RatingsSourceText.staleWarning(ratings)
      assembled = SlateAssembly.fromFeedRatings(
        feed, ratings: ratings, day: night, base: base, policy: policy, shift: configuration.statsShift)
      projections = .ratings(asOf: ratings.asOf)
    } else {
      stats = try readStats(configuration, statsSource, statsBytes, night: night)
      assembled = SlateAssembly.fromFeed(feed, stats: stats, base: base, policy: policy, shift: configuration.statsShift)
      projections = .stats
    }
    let options = SimulationOptions(simulations: SimulationOptions.defaultSimulations, seed: seed, threads: threads)
    let slate = assembled.on(day: night)
    // Exact grading costs a few ms a game, once per refresh, not per request.
    var pricing = SlatePricing(options: options, policy: configuration.advice)
    let priced = try pricing.price(SlatePricingRequest(games: slate.games))
    var inputs = SlateResponse.Inputs(
      odds: oddsSource.description, oddsFormat: feed.format.rawValue, stats: stats.source)
    inputs.rejected = feed.rejected.map(\.description) + stats.skipped
    inputs.notes = feed.notes
    var tonight = SlateResponse(
      priced, options: options, unmatched: slate.unmatched,
      methodology: .init(base: base, options: options, projections: projections, advice: configuration.advice),
      inputs: inputs)
    tonight.asTonight(rules: configuration.agentAdvice)
    tonight.provenance = configuration.provenance
    tonight.warnings = ambiguous.map { PriceWarningText.message($0) } + (stale.map { [$0] } ?? [])
    let fair = FairOdds.evaluate(feed.decodedQuotes, policy: policy)
    let games = feed.events.compactMap { e -> FairBetGame? in
      guard let home = e.home, let away = e.away, let start = e.commenceTime else { return nil }
      return FairBetGame(event: e.label, feedID: e.id, league: e.league, home: home, away: away, start: start)
    }
    return LiveSnapshot(
      readAt: now, changedAt: now, inputs: digest.value, events: feed.events.count, tonight: tonight,
      games: Dictionary(slate.games.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }), fair: fair, fairBet: FairBetCatalog(report: fair, games: games),
      sharpBooks: policy.sharpBooks, staleRatings: stale)
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
