import Calibration
import Foundation
import LineFeeds
import OddsMath
import ServiceContracts
import Simulation
import UseCases

/// One consistent reading of the live sources, computed in full before it is served: the feed
/// and the team stats read together, tonight's slate simulated from them, the fair-odds report
/// evaluated over the same quotes. Requests read a snapshot; they never simulate or devig.
struct LiveSnapshot: Sendable {
  let readAt: Date
  /// The feed's events (0: it answered none).
  let events: Int
  let tonight: SlateResponse
  /// Tonight's games as assembled (model and markets), by id: what a game's page prices again.
  let games: [String: SlateGame]
  let fair: FairOddsReport
  /// The report's bets in the FairBet clients' shape.
  let fairBet: FairBetCatalog
  let sharpBooks: [String]

  enum ReadError: Error, CustomStringConvertible {
    case odds(String), stats(String)
    var description: String {
      switch self {
      case .odds(let s): "odds feed: \(s)"
      case .stats(let s): "team stats: \(s)"
      }
    }
  }

  /// Reads and evaluates everything, off the caller's thread (feeds and stats may be URLs).
  static func read(_ configuration: LiveSourceConfiguration, seed: UInt64, threads: Int) async throws
    -> LiveSnapshot
  {
    try await BlockingReads.run { try readNow(configuration, seed: seed, threads: threads) }
  }

  static func readNow(_ configuration: LiveSourceConfiguration, seed: UInt64, threads: Int) throws -> LiveSnapshot {
    let fetcher = HTTPFetcher()
    let oddsSource = InputSource(configuration.odds)
    let feed: Feed
    do {
      feed = try FeedDecoder.decode(try oddsSource.read(fetcher: fetcher), format: nil, priceFormat: nil)
    } catch {
      throw ReadError.odds("\(oddsSource): \(error)")
    }
    let night = configuration.asOf ?? SlateAssembly.easternDate(configuration.now ?? Date())
    var policy = FairOddsPolicy()
    if let sharp = configuration.sharpBooks { policy.sharpBooks = sharp }
    let base = configuration.model
    let stats: TeamStatsTable
    let assembled: AssembledSlate
    let projections: SlateResponse.Methodology.Projections
    if let path = configuration.results {
      let source = InputSource(path)
      let ratings: TeamRatings
      do {
        let file = try GameResultsFile.decode(try source.read(fetcher: fetcher), source: source.description)
        ratings = try Rating.run(RatingsRequest(games: file.games, asOf: night, settings: configuration.ratings))
      } catch {
        throw ReadError.stats("\(source): \(error)")
      }
      stats = TeamStatsTable(source: "team ratings from \(source) as of \(ratings.asOf)")
      assembled = SlateAssembly.fromFeedRatings(
        feed, ratings: ratings, day: night, base: base, policy: policy, shift: configuration.statsShift)
      projections = .ratings(asOf: ratings.asOf)
    } else {
      stats = try readStats(configuration, fetcher: fetcher)
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
    let fair = FairOdds.evaluate(feed.decodedQuotes, policy: policy)
    let games = feed.events.compactMap { e -> FairBetGame? in
      guard let home = e.home, let away = e.away, let start = e.commenceTime else { return nil }
      return FairBetGame(event: e.label, feedID: e.id, league: e.league, home: home, away: away, start: start)
    }
    return LiveSnapshot(
      readAt: Date(), events: feed.events.count, tonight: tonight,
      games: Dictionary(slate.games.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }), fair: fair, fairBet: FairBetCatalog(report: fair, games: games),
      sharpBooks: policy.sharpBooks)
  }

  /// Team stats from `--stats` (JSON) or `--stats-from` (season to date before the night).
  static func readStats(_ configuration: LiveSourceConfiguration, fetcher: HTTPFetcher) throws -> TeamStatsTable {
    let stats: TeamStatsTable
    if let path = configuration.stats {
      let source = InputSource(path)
      do { stats = try TeamStatsFile.decode(try source.read(fetcher: fetcher), source: source.description) } catch {
        throw ReadError.stats("\(source): \(error)")
      }
    } else {
      let source = InputSource(configuration.statsFrom ?? "")
      let asOf = configuration.asOf ?? SlateAssembly.easternDate(configuration.now ?? Date())
      do {
        stats = try ResultsStats.compute(
          csv: try source.read(fetcher: fetcher), options: .init(asOf: asOf), source: source.description)
      } catch {
        throw ReadError.stats("\(source): \(error)")
      }
    }
    return stats
  }
}
