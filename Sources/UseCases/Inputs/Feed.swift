import Foundation
import OddsMath

/// An odds feed after decoding, whatever its format: events (games) with every book's quotes,
/// in the fair-odds library's terms, plus what was skipped and why.
///
/// Quotes use one vocabulary for every format: markets `h2h`, `spreads`, `totals` for the main
/// lines (The Odds API's keys), selections the team names as the feed wrote them or `Over` /
/// `Under`, lines signed for the selection; player props `player_points <player>` with `Over` /
/// `Under`. `Quote.event` is the event's `label`.
package struct Feed: Sendable {
  package var format: FeedFormat
  package var events: [FeedEvent]
  /// Quotes that could not be read, each with where it was and why.
  package var rejected: [RejectedQuote]
  /// What the decoder did on purpose that a user should know (markets left out, names merged,
  /// events without books).
  package var notes: [String]

  package init(format: FeedFormat, events: [FeedEvent], rejected: [RejectedQuote] = [], notes: [String] = []) {
    self.format = format
    self.events = events
    self.rejected = rejected
    self.notes = notes
  }

  /// Every quote of every event, for `FairOdds`.
  package var quotes: [Quote] { events.flatMap(\.quotes) }

  /// When its newest quote was taken: the moment its lines are read at.
  package var newestQuote: Date { FairOdds.newest(quotes) }
}

/// One game of a feed.
package struct FeedEvent: Sendable {
  /// The feed's id of the event, when it has one.
  package var id: String?
  /// Team names as the feed wrote them (nil when a quotes file's event label does not say).
  package var home: String?
  package var away: String?
  package var commenceTime: Date?
  /// The quotes were taken after the start: in-play prices.
  package var live: Bool
  package var quotes: [Quote]
  /// The league as the feed names it ("NBA", The Odds API's `sport_title`), when it says.
  package var league: String?
  /// The name quotes of this event carry: "Phoenix Suns @ Orlando Magic 2026-03-31".
  package var label: String

  package init(
    id: String?, home: String?, away: String?, commenceTime: Date?, live: Bool = false, quotes: [Quote] = [],
    label: String
  ) {
    self.id = id
    self.home = home
    self.away = away
    self.commenceTime = commenceTime
    self.live = live
    self.quotes = quotes
    self.label = label
  }

  /// "Away @ Home YYYY-MM-DD" (the date in UTC), the label of a feed event.
  package static func label(home: String, away: String, commence: Date?) -> String {
    guard let commence else { return "\(away) @ \(home)" }
    return "\(away) @ \(home) \(Timestamp.format(commence).prefix(10))"
  }

  /// The distinct books quoting this event.
  package var books: [String] {
    var seen: [String] = []
    for q in quotes where !seen.contains(q.book) { seen.append(q.book) }
    return seen
  }
}
