/// Confidence intervals for a probability estimated from n independent simulated games.
public enum ProportionInterval {
  /// The 0.975 quantile of the standard normal.
  public static let z95 = 1.959963984540054

  /// Standard error of an estimated proportion: sqrt(p (1 - p) / n).
  public static func standardError(_ p: Double, n: Double) -> Double {
    (p * (1 - p) / n).squareRoot()
  }

  /// Wilson score interval (Wilson 1927): the interval of p whose score test does not reject,
  ///   (p + z^2/2n -/+ z sqrt(p(1-p)/n + z^2/4n^2)) / (1 + z^2/n).
  /// Unlike p +/- z se it stays inside [0, 1] and keeps its coverage near p = 0 or 1 (a line
  /// far from the projection, a push on a half-point line).
  public static func wilson(_ p: Double, n: Double, z: Double = z95) -> (lower: Double, upper: Double) {
    let z2 = z * z
    let centre = p + z2 / (2 * n)
    let spread = z * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
    let scale = 1 + z2 / n
    return (max(0, (centre - spread) / scale), min(1, (centre + spread) / scale))
  }
}
