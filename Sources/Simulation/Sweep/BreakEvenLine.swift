import OddsMath

/// The totals line at which a side stops being worth its price: where EV at the offered price
/// crosses 0 as the line moves.
///
///   over:  ev(L) = b P(T > L) - P(T < L)   (non-increasing in L)
///   under: ev(L) = b P(T < L) - P(T > L)   (non-decreasing in L)
///
/// evaluated on every half-point line across the distribution's support (whole lines push, so
/// they belong to the curve), and the crossing interpolated linearly between the last line on
/// the paying side and the first beyond it. The same procedure on the simulated and on the
/// exact distribution, so the two are comparable. nil when EV never changes sign there.
public enum BreakEvenLine {
  public static func over(_ tails: TailProbabilities, odds: Odds) -> Double? {
    crossing(tails) { p in odds.netPayout * p.above - p.below }
  }

  public static func under(_ tails: TailProbabilities, odds: Odds) -> Double? {
    crossing(tails) { p in -(odds.netPayout * p.below - p.above) }
  }

  /// The L where a non-increasing ev(L) crosses 0.
  static func crossing(
    _ tails: TailProbabilities, _ ev: ((above: Double, below: Double, equal: Double)) -> Double
  ) -> Double? {
    guard let support = tails.support else { return nil }
    var previous: (line: Double, ev: Double)? = nil
    var k = 2 * (support.lowerBound - 1)
    while k <= 2 * (support.upperBound + 1) {
      let line = Double(k) / 2
      let value = ev(tails.probabilities(at: line))
      if let p = previous, p.ev >= 0, value < 0 {
        return p.line + (line - p.line) * p.ev / (p.ev - value)
      }
      previous = (line, value)
      k += 1
    }
    return nil
  }
}
