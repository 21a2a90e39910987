/// The formats `mcsim fair` and `mcsim slate --odds` read, detected from the content.
package enum FeedFormat: String, CaseIterable, Sendable {
  /// mcsim's native quotes JSON (docs/odds.md, "Native quotes JSON").
  case quotes
  /// The betting agent's odds feed, GET /api/betting/odds (docs/contracts.md, "Betting agent").
  case agentFeed = "agent-feed"
  /// The Odds API v4 `/sports/{sport}/odds` (an array of events) or `/events/{id}/odds` (one).
  case oddsAPI = "odds-api"
}
