import Foundation

/// How a player's stat, a count, is drawn from his normal latent (correlated with his team's
/// points).
///
/// - `normal` (the default): round(max(0, x)) of x ~ Normal(mean, sd), rounded like the team scores.
///   Fine for large counts (points); for small ones the floor piles the lower tail onto 0.
/// - `poisson`: a Poisson(mean) count through the Gaussian copula: stat = F^-1(Phi(z)) with z the
///   standardised latent. The sd given is ignored (a Poisson's is sqrt(mean)).
/// - `negativeBinomial`: the negative binomial with the given mean and sd (needs sd^2 > mean:
///   overdispersed), through the same copula. r = mean^2 / (sd^2 - mean), p = mean / sd^2.
///
/// Under a copula the leg "stat > line" is a threshold on z: stat >= k + 1 exactly when
/// Phi(z) > F(k), so the simulation compares z with Phi^-1(F(k)) and never inverts a CDF per draw.
/// The team correlation is then the latents' (the copula's), not the counts' Pearson correlation.
public enum CountMargin: String, Hashable, Sendable, CaseIterable, Codable {
  case normal
  case poisson
  case negativeBinomial = "negative_binomial"

  /// The margin a name gives: its raw value in any case, or `nb` for the negative binomial.
  public init?(named name: String) {
    let n = name.lowercased()
    guard let margin = CountMargin(rawValue: n) ?? (n == "nb" ? .negativeBinomial : nil) else { return nil }
    self = margin
  }

  /// The names `init(named:)` takes, for messages.
  public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") + ", nb" }

  /// P(stat <= k) for the copula margins (k >= 0); 0 for k < 0.
  public func cdf(_ k: Int, mean: Double, sd: Double) -> Double {
    guard k >= 0 else { return 0 }
    switch self {
    case .normal:
      return 0.5 * erfc(-((Double(k) + 0.5 - mean) / sd) / 2.0.squareRoot())
    case .poisson:
      // Sum of the pmf by its recurrence, p_j = p_{j-1} mean / j.
      var term = exp(-mean), sum = term
      if k > 0 { for j in 1...k { term *= mean / Double(j); sum += term } }
      return min(1, sum)
    case .negativeBinomial:
      let variance = sd * sd
      let p = mean / variance, r = mean * mean / (variance - mean)
      // p_0 = p^r, p_j = p_{j-1} (j - 1 + r) / j (1 - p).
      var term = exp(r * log(p)), sum = term
      if k > 0 { for j in 1...k { term *= (Double(j) - 1 + r) / Double(j) * (1 - p); sum += term } }
      return min(1, sum)
    }
  }

  /// The latent threshold of a leg under a copula margin: over `line` wins when z > t, under
  /// `line` when z < t (returned as the threshold on z; the caller signs it).
  func latentThreshold(line: Double, side: ParlayLeg.Side, mean: Double, sd: Double) -> Double {
    switch side {
    case .over:
      // stat > line  <=>  stat >= floor(line) + 1  <=>  Phi(z) > F(floor(line)).
      return NormalQuantile.of(cdf(Int((line).rounded(.down)), mean: mean, sd: sd))
    case .under:
      // stat < line  <=>  stat <= ceil(line) - 1  <=>  Phi(z) <= F(ceil(line) - 1).
      return NormalQuantile.of(cdf(Int((line).rounded(.up)) - 1, mean: mean, sd: sd))
    }
  }
}
