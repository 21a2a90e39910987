import Foundation
import OddsMath
import ServiceContracts
import UseCases

/// The Odds API v4: `/v4/sports/{sport}/odds` (an array of events) and
/// `/v4/sports/{sport}/events/{id}/odds` (one event object), and their historical snapshots
/// (`/v4/historical/...`: the same body under `data`, beside the snapshot's `timestamp`). Each
/// event has bookmakers, each
/// bookmaker markets (`h2h`, `spreads`, `totals`, player props, ...), each market outcomes with
/// `name`, `price`, and `point` / `description` where they apply.
///
/// Every quirk of the real responses (the samples in Scenarios/ and Tests/LineFeedsTests/Resources) is handled on purpose:
/// - prices are JSON numbers, decimal or American as the request asked; the body does not say
///   which, so the format is detected from all the prices at once (`detectPriceFormat`), or forced;
/// - h2h outcomes come in alphabetical order, not home/away: sides are kept by team name;
///   a 3-way h2h (soccer) keeps its `Draw`;
/// - `h2h_lay` (exchange lay prices) is left out, with a note: a lay price is not a price to back;
/// - the quote time is the market's `last_update`, else the bookmaker's (the event-odds endpoint
///   has no bookmaker `last_update`);
/// - an event whose `commence_time` is before its quotes' `last_update` is live (in-play prices);
/// - books quoting only some markets, events with an empty `bookmakers` array (noted), one-sided
///   markets (kept: the fair-odds gate says `no_pair`), whole-number points (kept: they can push);
/// - player props are `<market> <player>`, with the player's spellings across books merged
///   (`PlayerNames`: "J. Isaac" and "Jonathan Isaac", "Wendell Carter" and "Wendell Carter Jr.");
/// - the book is its `key` (`williamhill_us`, titled "Caesars"), which the sharp list matches;
/// - an error body (`{"message": ...}`) is reported as an error, without its text (an
///   upstream's words are never echoed: the server shows these errors in public).
enum OddsAPIFeed {
  static func decode(_ data: Data, priceFormat forced: PriceFormat?) throws(InputDecodingError) -> Feed {
    let raw = try InputDecodingError.decode(RawResponse.self, from: data)
    if raw.message != nil {
      throw InputDecodingError("The Odds API answered with an error message instead of events (a refused key or a used-up quota)")
    }
    var feed = Feed(format: .oddsAPI, events: [])

    var prices: [Double] = []
    for slot in raw.events {
      guard case .success(let e) = slot else { continue }
      for case .success(let book) in e.bookmakers ?? [] {
        for case .success(let market) in book.markets ?? [] {
          for case .success(let outcome) in market.outcomes { prices.append(outcome.price) }
        }
      }
    }
    let format: PriceFormat
    if let forced {
      format = forced
    } else if let detected = detectPriceFormat(prices) {
      format = detected
    } else {
      throw InputDecodingError(
        "cannot tell whether the prices are decimal or American (some are integers of 100 or more, others are "
          + "between 1 and 100): give the format with --price-format")
    }

    var layMarkets: [String: Int] = [:]
    var empty: [String] = []
    for (e, slot) in raw.events.enumerated() {
      let event: RawEvent
      switch slot {
      case .failure(let error):
        feed.rejected.append(RejectedQuote(index: e, reason: error.description, location: "event \(e + 1)"))
        continue
      case .success(let ok): event = ok
      }
      let commence = event.commenceTime.flatMap(Timestamp.parse)
      let label = FeedEvent.label(home: event.homeTeam, away: event.awayTeam, commence: commence)
      // Without its start, an event cannot be placed on a night nor told live: named, left out.
      guard commence != nil else {
        feed.rejected.append(
          RejectedQuote(
            index: e, reason: event.commenceTime.map { "commence_time '\($0)' is not a date-time" } ?? "no commence_time",
            location: "event \(e + 1) (\(label))"))
        continue
      }
      var out = FeedEvent(id: event.id, home: event.homeTeam, away: event.awayTeam, commenceTime: commence, label: label)
      out.league = event.sportTitle
      let players = PlayerNames(event.playerSpellings)
      feed.notes += players.merges.map { "\(label): player \($0)" }
      var latest: Date?
      for (b, bookSlot) in (event.bookmakers ?? []).enumerated() {
        let where_ = "event \(e + 1) (\(label)) bookmaker \(b + 1)"
        guard case .success(let book) = bookSlot else {
          if case .failure(let error) = bookSlot {
            feed.rejected.append(RejectedQuote(index: b, reason: error.description, location: where_))
          }
          continue
        }
        for (m, marketSlot) in (book.markets ?? []).enumerated() {
          guard case .success(let market) = marketSlot else {
            if case .failure(let error) = marketSlot {
              feed.rejected.append(RejectedQuote(index: m, reason: error.description, location: "\(where_) \(book.key) market \(m + 1)"))
            }
            continue
          }
          if market.key == "h2h_lay" {
            layMarkets[book.key, default: 0] += 1
            continue
          }
          let location = "event \(e + 1) (\(label)) \(book.key) \(market.key)"
          guard let observed = (market.lastUpdate ?? book.lastUpdate).flatMap(Timestamp.parse) else {
            feed.rejected.append(
              RejectedQuote(
                index: m, reason: "no readable last_update on the market or the bookmaker", location: location))
            continue
          }
          latest = max(latest ?? observed, observed)
          for (o, outcomeSlot) in market.outcomes.enumerated() {
            let at = "\(location) outcome \(o + 1)"
            guard case .success(let outcome) = outcomeSlot else {
              if case .failure(let error) = outcomeSlot {
                feed.rejected.append(RejectedQuote(index: o, reason: error.description, location: at))
              }
              continue
            }
            do {
              let price = try format == .american ? Odds(american: outcome.price) : Odds(decimal: outcome.price)
              var marketName = market.key
              var selection = outcome.name
              if let player = outcome.description {
                if market.key.hasPrefix("player") {
                  marketName += " " + players.canonical(player)
                } else {
                  selection += " " + player
                }
              }
              if ["spreads", "totals"].contains(market.key), outcome.point == nil {
                feed.rejected.append(RejectedQuote(index: o, reason: "a \(market.key) outcome without its point", location: at))
                continue
              }
              out.quotes.append(
                Quote(
                  event: label, market: marketName, selection: selection, line: outcome.point, book: book.key,
                  price: price, observedAt: observed))
            } catch {
              feed.rejected.append(
                RejectedQuote(
                  index: o, reason: "price \(outcome.price) read as \(format.rawValue): \(error)", location: at))
            }
          }
        }
      }
      if let commence, let latest, commence < latest {
        out.live = true
        feed.notes.append("\(label): in play (quotes updated after the start): its prices are live")
      }
      if (event.bookmakers ?? []).isEmpty { empty.append(label) }
      feed.events.append(out)
    }
    if !empty.isEmpty {
      feed.notes.append("\(empty.count) event\(empty.count == 1 ? "" : "s") with no bookmakers: \(empty.joined(separator: "; "))")
    }
    if !layMarkets.isEmpty {
      let books = layMarkets.keys.sorted().map { "\($0) \(layMarkets[$0]!)" }.joined(separator: ", ")
      feed.notes.append("left out h2h_lay markets (exchange lay prices are not prices to back): \(books)")
    }
    return feed
  }

  /// American when every price is a whole number at least 100 from zero (American odds cannot
  /// lie in (-100, 100)); decimal when every price is above 1; nil when neither holds.
  static func detectPriceFormat(_ prices: [Double]) -> PriceFormat? {
    if prices.allSatisfy({ $0 == $0.rounded() && abs($0) >= 100 }) && !prices.isEmpty { return .american }
    if prices.allSatisfy({ $0 > 1 }) { return .decimal }
    return nil
  }

  private struct RawResponse: Decodable {
    var events: [Result<RawEvent, InputDecodingError>] = []
    var message: String?

    init(from decoder: any Decoder) throws {
      if var list = try? decoder.unkeyedContainer() {
        while !list.isAtEnd { events.append(try list.decode(Isolated<RawEvent>.self).result) }
        return
      }
      let c = try decoder.container(keyedBy: AnyKey.self)
      if c.contains(AnyKey("data")) && c.contains(AnyKey("timestamp")) {
        self = try c.decode(RawResponse.self, forKey: AnyKey("data"))
      } else if c.contains(AnyKey("bookmakers")) || c.contains(AnyKey("home_team")) {
        events = [try Isolated<RawEvent>(from: decoder).result]
      } else if let message = try? c.decode(String.self, forKey: AnyKey("message")) {
        self.message = message
      } else {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: [], debugDescription: "expected an array of events or one event object"))
      }
    }
  }

  private struct RawEvent: Decodable, Sendable {
    var id: String?
    var commenceTime: String?
    var sportTitle: String?
    var homeTeam: String
    var awayTeam: String
    var bookmakers: [Result<RawBook, InputDecodingError>]?

    enum CodingKeys: String, CodingKey {
      case id, commenceTime = "commence_time", homeTeam = "home_team", awayTeam = "away_team", bookmakers
      case sportTitle = "sport_title"
    }

    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      id = try c.decodeIfPresent(String.self, forKey: .id)
      commenceTime = try c.decodeIfPresent(String.self, forKey: .commenceTime)
      sportTitle = try? c.decodeIfPresent(String.self, forKey: .sportTitle)
      homeTeam = try c.decode(String.self, forKey: .homeTeam)
      awayTeam = try c.decode(String.self, forKey: .awayTeam)
      bookmakers = try c.decodeIfPresent([Isolated<RawBook>].self, forKey: .bookmakers)?.map(\.result)
    }

    /// Every player named in the event's outcomes, one entry per book and spelling.
    var playerSpellings: [String] {
      var names: [String] = []
      for case .success(let book) in bookmakers ?? [] {
        var seen = Set<String>()
        for case .success(let market) in book.markets ?? [] where market.key.hasPrefix("player") {
          for case .success(let o) in market.outcomes {
            if let d = o.description, seen.insert(d).inserted { names.append(d) }
          }
        }
      }
      return names
    }
  }

  private struct RawBook: Decodable, Sendable {
    var key: String
    var lastUpdate: String?
    var markets: [Result<RawMarket, InputDecodingError>]?

    enum CodingKeys: String, CodingKey { case key, lastUpdate = "last_update", markets }

    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      key = try c.decode(String.self, forKey: .key)
      lastUpdate = try c.decodeIfPresent(String.self, forKey: .lastUpdate)
      markets = try c.decodeIfPresent([Isolated<RawMarket>].self, forKey: .markets)?.map(\.result)
    }
  }

  private struct RawMarket: Decodable, Sendable {
    var key: String
    var lastUpdate: String?
    var outcomes: [Result<RawOutcome, InputDecodingError>]

    enum CodingKeys: String, CodingKey { case key, lastUpdate = "last_update", outcomes }

    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      key = try c.decode(String.self, forKey: .key)
      lastUpdate = try c.decodeIfPresent(String.self, forKey: .lastUpdate)
      outcomes = try c.decode([Isolated<RawOutcome>].self, forKey: .outcomes).map(\.result)
    }
  }

  private struct RawOutcome: Decodable, Sendable {
    var name: String
    var price: Double
    var point: Double?
    var description: String?
  }
}
