import Calibration
import Simulation

/// Team ratings from results: `mcsim ratings`. The ratings as of a date from the games before it
/// (`RatingsReplay`), with the hyperparameters given (a model file's, else the built-in ones).
package struct RatingsRequest: Sendable {
  /// Every game of the results, in date order.
  package var games: [HistoricalGame]
  /// `YYYY-MM-DD`; nil: the day after the last game.
  package var asOf: String?
  package var settings: RatingsSettings

  package init(games: [HistoricalGame], asOf: String? = nil, settings: RatingsSettings = .defaults) {
    self.games = games
    self.asOf = asOf
    self.settings = settings
  }
}

package enum Rating {
  package static func run(_ request: RatingsRequest) throws(InputError) -> TeamRatings {
    if let asOf = request.asOf, CivilDay.number(asOf) == nil {
      throw .invalid(field: "as_of", value: asOf, reason: "expected a date YYYY-MM-DD")
    }
    if let bad = request.settings.invalidField {
      throw .invalid(field: bad.field, value: "\(bad.value)", reason: bad.reason)
    }
    let ratings: TeamRatings
    do {
      ratings = try RatingsReplay.ratings(request.games, asOf: request.asOf, settings: request.settings)
    } catch {
      throw .invalid(field: "ratings", value: "LAPACK", reason: error.description)
    }
    guard !ratings.teams.isEmpty else {
      throw .invalid(field: "as_of", value: request.asOf ?? "", reason: "no game in the results is dated before it")
    }
    return ratings
  }
}
