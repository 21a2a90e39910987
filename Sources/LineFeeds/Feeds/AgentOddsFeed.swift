import Foundation
import OddsMath
import ServiceContracts
import UseCases

/// The betting agent's odds feed, GET /api/betting/odds (docs/contracts.md, "Betting agent"): camelCase,
/// numbers as strings, decimal odds, one book (the feed's `source`).
///
///   {"games": [{"gameId", "homeTeam", "awayTeam", "startTime",
///               "homeOdds": {"spread": "+7.0", "spreadOdds", "moneyline", "total", "overOdds", "underOdds"},
///               "awayOdds": {...}, "playerProps": [{"playerId", "playerName", "market", "line", "overOdds", "underOdds"}]}],
///    "source", "timestamp"}
///
/// Handled on purpose:
/// - prices are strings (or numbers) of decimal odds, read by `Odds(parsing:)`, so an American
///   string ("-110") is read as American;
/// - the total and its prices appear in both `homeOdds` and `awayOdds`: the home copy is used,
///   and a note says so when the copies differ;
/// - a missing or empty field means the market is not offered; an unreadable one is rejected
///   with its path, and the rest of the game is kept;
/// - quotes are observed at the feed's `timestamp` (else the start time). That is when the feed
///   was served, not when each price was set, so a start before it does not make a game live
///   (the sample's game started 12 hours before its timestamp): no game is marked in play.
enum AgentOddsFeed {
  static func decode(_ data: Data) throws(InputDecodingError) -> Feed {
    let raw = try InputDecodingError.decode(RawFeed.self, from: data)
    let book = raw.source.map { $0.isEmpty ? "agent" : $0 } ?? "agent"
    let stamp = raw.timestamp.flatMap(Timestamp.parse)
    var feed = Feed(format: .agentFeed, events: [])
    for (g, slot) in raw.games.enumerated() {
      guard case .success(let game) = slot.result else {
        if case .failure(let error) = slot.result {
          feed.rejected.append(RejectedQuote(index: g, reason: error.description, location: "games[\(g)]"))
        }
        continue
      }
      let start = game.startTime.flatMap(Timestamp.parse)
      if let text = game.startTime, start == nil {
        feed.rejected.append(RejectedQuote(index: g, reason: "startTime '\(text)' is not a date-time", location: "games[\(g)]"))
        continue
      }
      let observed = stamp ?? start ?? Date()
      var event = FeedEvent(
        id: game.gameId, home: game.homeTeam, away: game.awayTeam, commenceTime: start,
        label: FeedEvent.label(home: game.homeTeam, away: game.awayTeam, commence: start))
      event.league = "NBA"  // the agent's feed is the NBA's
      var reader = QuoteReader(event: event.label, book: book, observedAt: observed, location: "games[\(g)]")
      let home = game.homeOdds, away = game.awayOdds
      reader.add(market: "h2h", selection: game.homeTeam, line: nil, price: home?.moneyline, path: "homeOdds.moneyline")
      reader.add(market: "h2h", selection: game.awayTeam, line: nil, price: away?.moneyline, path: "awayOdds.moneyline")
      reader.add(market: "spreads", selection: game.homeTeam, line: home?.spread, price: home?.spreadOdds, path: "homeOdds.spread")
      reader.add(market: "spreads", selection: game.awayTeam, line: away?.spread, price: away?.spreadOdds, path: "awayOdds.spread")
      let total = home?.total != nil ? home : away
      let side = home?.total != nil ? "homeOdds" : "awayOdds"
      reader.add(market: "totals", selection: "Over", line: total?.total, price: total?.overOdds, path: "\(side).overOdds")
      reader.add(market: "totals", selection: "Under", line: total?.total, price: total?.underOdds, path: "\(side).underOdds")
      if let h = home, let a = away, h.total != nil, a.total != nil,
        h.total != a.total || h.overOdds != a.overOdds || h.underOdds != a.underOdds
      {
        feed.notes.append("games[\(g)] \(event.label): homeOdds and awayOdds quote different totals; used homeOdds")
      }
      for (p, prop) in (game.playerProps ?? []).enumerated() {
        let market = "player_\(prop.market.lowercased().replacingOccurrences(of: " ", with: "_")) \(prop.playerName)"
        let line = prop.line.map { String($0.value) }
        reader.add(market: market, selection: "Over", line: line, price: prop.overOdds, path: "playerProps[\(p)].overOdds")
        reader.add(market: market, selection: "Under", line: line, price: prop.underOdds, path: "playerProps[\(p)].underOdds")
      }
      event.quotes = reader.quotes
      feed.rejected += reader.rejected
      if reader.quotes.isEmpty { feed.notes.append("games[\(g)] \(event.label): no prices") }
      feed.events.append(event)
    }
    return feed
  }

  /// Turns the feed's string fields into quotes, rejecting unreadable ones with their path.
  private struct QuoteReader {
    let event: String
    let book: String
    let observedAt: Date
    let location: String
    var quotes: [Quote] = []
    var rejected: [RejectedQuote] = []

    mutating func add(market: String, selection: String, line: String?, price: String?, path: String) {
      guard let price = price?.trimmingCharacters(in: .whitespaces), !price.isEmpty else { return }
      var value: Double?
      if let line = line?.trimmingCharacters(in: .whitespaces), !line.isEmpty {
        guard let v = Double(line), v.isFinite else {
          reject("line '\(line)' is not a number", path)
          return
        }
        value = v
      } else if market != "h2h" {
        reject("a price without its line", path)
        return
      }
      do {
        let reading = try PriceReading(price)
        PriceNotices.note(reading, at: "\(location).\(path)")
        quotes.append(
          Quote(
            event: event, market: market, selection: selection, line: value, book: book,
            price: reading.odds, observedAt: observedAt))
      } catch {
        reject("price '\(price)': \(error)", path)
      }
    }

    private mutating func reject(_ reason: String, _ path: String) {
      rejected.append(RejectedQuote(index: quotes.count + rejected.count, reason: reason, location: "\(location).\(path)"))
    }
  }

  private struct RawFeed: Decodable {
    var games: [Isolated<RawGame>]
    var source: String?
    var timestamp: String?
  }

  private struct RawGame: Decodable, Sendable {
    var gameId: String?
    var homeTeam: String
    var awayTeam: String
    var startTime: String?
    var homeOdds: RawOdds?
    var awayOdds: RawOdds?
    var playerProps: [RawProp]?

    enum CodingKeys: String, CodingKey {
      case gameId, homeTeam, awayTeam, startTime, homeOdds, awayOdds, playerProps
    }

    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      gameId = try c.decodeIfPresent(LooseString.self, forKey: .gameId)?.value
      homeTeam = try c.decode(String.self, forKey: .homeTeam)
      awayTeam = try c.decode(String.self, forKey: .awayTeam)
      startTime = try c.decodeIfPresent(String.self, forKey: .startTime)
      homeOdds = try c.decodeIfPresent(RawOdds.self, forKey: .homeOdds)
      awayOdds = try c.decodeIfPresent(RawOdds.self, forKey: .awayOdds)
      playerProps = try c.decodeIfPresent([RawProp].self, forKey: .playerProps)
    }
  }

  /// Every field a string as the feed writes it; numbers are accepted and kept as text.
  private struct RawOdds: Decodable, Sendable, Equatable {
    var spread, spreadOdds, moneyline, total, overOdds, underOdds: String?

    enum CodingKeys: String, CodingKey { case spread, spreadOdds, moneyline, total, overOdds, underOdds }

    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      func text(_ k: CodingKeys) throws -> String? { try c.decodeIfPresent(LooseString.self, forKey: k)?.value }
      spread = try text(.spread)
      spreadOdds = try text(.spreadOdds)
      moneyline = try text(.moneyline)
      total = try text(.total)
      overOdds = try text(.overOdds)
      underOdds = try text(.underOdds)
    }
  }

  private struct RawProp: Decodable, Sendable {
    var playerName: String
    var market: String
    var line: LooseNumber?
    var overOdds: String?
    var underOdds: String?

    enum CodingKeys: String, CodingKey { case playerName, market, line, overOdds, underOdds }

    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      playerName = try c.decode(String.self, forKey: .playerName)
      market = try c.decodeIfPresent(String.self, forKey: .market) ?? "points"
      line = try c.decodeIfPresent(LooseNumber.self, forKey: .line)
      overOdds = try c.decodeIfPresent(LooseString.self, forKey: .overOdds)?.value
      underOdds = try c.decodeIfPresent(LooseString.self, forKey: .underOdds)?.value
    }
  }
}
