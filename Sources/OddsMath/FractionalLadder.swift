/// The fractional prices UK and Irish bookmakers customarily offer, written as they print them
/// (6/4 and 4/6 rather than 3/2 and 2/3). Between 1/100 and 100/1.
enum FractionalLadder {
  /// Odds-against half of the ladder, as (numerator, denominator), ascending; the odds-on half
  /// is its mirror image (10/11 mirrors 11/10, 4/6 mirrors 6/4).
  private static let against: [(Int, Int)] = [
    (1, 1), (21, 20), (11, 10), (6, 5), (5, 4), (11, 8), (6, 4), (13, 8), (7, 4), (15, 8),
    (2, 1), (85, 40), (9, 4), (5, 2), (11, 4), (3, 1), (10, 3), (7, 2), (4, 1), (9, 2), (5, 1),
    (11, 2), (6, 1), (13, 2), (7, 1), (15, 2), (8, 1), (17, 2), (9, 1), (10, 1), (11, 1),
    (12, 1), (14, 1), (16, 1), (18, 1), (20, 1), (25, 1), (33, 1), (40, 1), (50, 1), (66, 1),
    (80, 1), (100, 1),
  ]

  /// Every rung, odds-on ones included, ascending by payout.
  static let rungs: [Fraction] = {
    let on = against.dropFirst().reversed().map { Fraction(unchecked: $0.1, $0.0) }
    return on + against.map { Fraction(unchecked: $0.0, $0.1) }
  }()

  /// The rung closest to a net payout b > 0 in |log b - log rung|.
  static func nearest(toPayout b: Double) -> Fraction {
    let target = Math.log(b)
    var best = rungs[0]
    var bestDistance = Double.infinity
    for rung in rungs {
      let distance = abs(Math.log(rung.value) - target)
      if distance < bestDistance { (best, bestDistance) = (rung, distance) }
    }
    return best
  }
}
