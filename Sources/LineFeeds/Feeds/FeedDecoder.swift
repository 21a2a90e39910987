import Foundation
import OddsMath
import ServiceContracts
import UseCases

/// Reads any supported odds feed, its format detected from the content unless forced:
/// - an object with a `quotes` array, or an array of objects with `book` and `selection`:
///   mcsim's native quotes (`QuoteFile`);
/// - an object with a `games` array whose games have `homeTeam`: the betting agent's odds feed;
/// - an array of objects with `bookmakers` or `home_team`, or one such object: The Odds API v4
///   (`/odds` or `/events/{id}/odds`), also under `data` in a historical snapshot; also its
///   `{"message": ...}` error body.
package enum FeedDecoder {
  package static func decode(
    _ data: Data, format forced: FeedFormat? = nil, priceFormat: PriceFormat? = nil
  ) throws(InputDecodingError) -> Feed {
    let format: FeedFormat
    if let forced {
      format = forced
    } else {
      format = try detect(data)
    }
    switch format {
    case .quotes:
      do {
        return QuoteFeed.feed(try QuoteFile.decode(data))
      } catch {
        throw InputDecodingError(error.description)
      }
    case .agentFeed:
      return try AgentOddsFeed.decode(data)
    case .oddsAPI:
      return try OddsAPIFeed.decode(data, priceFormat: priceFormat)
    }
  }

  /// The format of a feed from its JSON shape.
  package static func detect(_ data: Data) throws(InputDecodingError) -> FeedFormat {
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      throw InputDecodingError.malformedJSON(error, in: data)
    }
    func kind(_ object: [String: Any]) -> FeedFormat? {
      if object["bookmakers"] != nil || object["home_team"] != nil { return .oddsAPI }
      if object["book"] != nil && object["selection"] != nil { return .quotes }
      return nil
    }
    if let array = root as? [Any] {
      if array.isEmpty { return .oddsAPI }
      if let first = array.first as? [String: Any], let k = kind(first) { return k }
    } else if let object = root as? [String: Any] {
      if object["quotes"] is [Any] { return .quotes }
      if let games = object["games"] as? [Any] {
        if games.isEmpty || (games.first as? [String: Any])?["homeTeam"] != nil { return .agentFeed }
      }
      if let k = kind(object) { return k }
      if object["message"] is String { return .oddsAPI }
      // The Odds API's historical snapshot: its body under `data`, beside the `timestamp`.
      if object["timestamp"] != nil, object["data"] is [Any] || object["data"] is [String: Any] { return .oddsAPI }
    }
    throw InputDecodingError(
      "not an odds feed mcsim knows: expected mcsim quotes ({\"quotes\": [...]}), the betting agent's feed "
        + "({\"games\": [{\"homeTeam\", ...}]}) or The Odds API v4 (events with \"bookmakers\"); --format forces one")
  }
}

/// A native quotes file as a feed: quotes grouped by their `event`; an event written
/// "AWAY@HOME" or "Away @ Home" (optionally followed by a date, "BOS@MIA 2026-04-01") names its
/// teams, so its games can be matched to team stats.
enum QuoteFeed {
  static func feed(_ decoded: QuoteFile.Decoded) -> Feed {
    var order: [String] = []
    var byEvent: [String: [Quote]] = [:]
    for q in decoded.quotes {
      if byEvent[q.event] == nil { order.append(q.event) }
      byEvent[q.event, default: []].append(q)
    }
    let events = order.map { label -> FeedEvent in
      let teams = teams(in: label)
      return FeedEvent(id: nil, home: teams?.home, away: teams?.away, commenceTime: nil, quotes: byEvent[label]!, label: label)
    }
    return Feed(format: .quotes, events: events, rejected: decoded.rejected)
  }

  /// (home, away) from "AWAY@HOME[ YYYY-MM-DD]".
  static func teams(in label: String) -> (home: String, away: String)? {
    let parts = label.split(separator: "@", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
    var home = parts[1]
    if let space = home.lastIndex(of: " "), home[home.index(after: space)...].allSatisfy({ $0.isNumber || $0 == "-" }) {
      home = String(home[..<space]).trimmingCharacters(in: .whitespaces)
    }
    return (home, parts[0])
  }
}
