import Calibration

extension ProjectionSource {
  /// Where projections come from, in words for the readable outputs.
  var phrase: String {
    switch self {
    case .market: "the closing lines"
    case .stats: "season-to-date stats"
    case .ratings: "team ratings fitted on earlier results"
    }
  }
}
