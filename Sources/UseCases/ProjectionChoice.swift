import Calibration
import Simulation

/// Which projections a job stands on, as its inputs choose them: a source by name
/// (`--projection market|stats|ratings`), the sources a calibration fits, and the source a
/// slate's inputs imply. The fit a run uses follows it (`ModelSet.resolve`).
package enum ProjectionChoice {
  /// The sources by name.
  package static let names = ProjectionSource.allCases.map(\.rawValue)

  /// The source named `name`, refused under `projection` when there is none.
  package static func source(named name: String) throws(InputError) -> ProjectionSource {
    guard let source = ProjectionSource(rawValue: name) else {
      throw .invalid(field: "projection", value: name, reason: "must be one of \(names.joined(separator: ", "))")
    }
    return source
  }

  /// The source named, else `fallback`.
  package static func source(named name: String?, else fallback: ProjectionSource) throws(InputError) -> ProjectionSource {
    guard let name else { return fallback }
    return try source(named: name)
  }

  /// The sources a calibration fits: every one, or the one named (the market's when none is).
  package static func fitted(every: Bool, named name: String?) throws(InputError) -> [ProjectionSource] {
    if every {
      if let name { throw .invalid(field: "projection", value: name, reason: "--every-source fits every projection source: leave it out") }
      return ProjectionSource.allCases
    }
    return [try source(named: name, else: .market)]
  }

  /// The projections a slate's inputs give its games: team ratings (a results file), the
  /// market's own lines, team stats; nil when the games come with their own projections.
  package static func slate(ratings: Bool, market: Bool, stats: Bool) -> ProjectionSource? {
    ratings ? .ratings : market ? .market : stats ? .stats : nil
  }
}
