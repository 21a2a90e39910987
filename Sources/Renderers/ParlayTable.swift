import Foundation
import OddsMath
import Simulation
import UseCases

/// The readable report of `mcsim parlay`: each leg's own probability, the joint probability
/// with its interval against the product of the legs', the lift, fair odds and, at a price,
/// EV and Kelly; then how the legs were simulated and which correlations were assumed.
package struct ParlayTable {
  package let priced: PricedParlay
  package var result: ParlayResult { priced.result }
  package var price: Odds? { priced.price }
  /// The market the projections reproduce (`--from-market`), if any.
  package let market: (total: Double, spread: Double)?
  /// The advice policy the stake at `price` follows.
  package let policy: AdvicePolicy

  package init(
    _ priced: PricedParlay, market: (total: Double, spread: Double)? = nil, policy: AdvicePolicy = AdvicePolicy()
  ) {
    self.priced = priced
    self.market = market
    self.policy = policy
  }

  package func render() -> String {
    let r = result, p = r.parlay
    var out: [String] = []
    let path =
      r.route == .jointHistogram
      ? "joint score histogram (two-team kernel)" : "multivariate normal, d = \(p.dimension), \(r.transform ?? "") transform"
    out.append(
      "mcsim parlay · \(Fmt.counted(p.legs.count, "leg")) · \(Fmt.counted(Int(r.simulations), "simulation")) · seed \(r.options.seed) · \(path)")
    for (g, m) in p.games.enumerated() {
      out.append(
        "Game     \(p.games.count > 1 ? p.gameNames[g] + ": " : "")home \(Fmt.fixed(m.homeMean, 1)) ± \(Fmt.fixed(m.homeSD, 1)) · away \(Fmt.fixed(m.awayMean, 1)) ± \(Fmt.fixed(m.awaySD, 1)) · rho \(Fmt.fixed(r.gameCorrelationSimulated(g), 2))\(r.repair != nil ? " (repaired)" : "") · overtime \(m.overtime.kind.rawValue)"
      )
    }
    if let market {
      out.append(
        "Market   projections that make total \(Fmt.line(market.total)) and home \(Fmt.signedLine(market.spread)) fair lines (exact distribution)")
    }
    for (i, q) in p.players.enumerated() {
      out.append(
        "Player   \(q.quantityName) (\(q.team.rawValue)\(p.games.count > 1 ? ", " + p.gameNames[q.game] : "")): \(Fmt.fixed(q.mean, 1)) ± \(Fmt.fixed(q.sd, 1)), \(q.margin == .normal ? "" : q.margin.rawValue + " count, ")correlation with team points \(Fmt.fixed(p.teamCorrelationUsed(i), 2))\(q.teamCorrelation == nil && p.correlation == nil ? " (default for \(q.stat.rawValue))" : "")"
      )
    }
    for pair in p.defaultedStatCorrelations {
      out.append(
        "Player   \(pair.first) ~ \(pair.second): correlation \(Fmt.fixed(pair.correlation, 2)) (default for one player's two stats, a rule of thumb)"
      )
    }
    out.append("")
    let width = max(12, (p.legs.map(\.label.count).max() ?? 0) + 2)
    out.append(Self.pad("leg", width) + Self.pad("probability", 13) + "fair odds")
    for (leg, prob) in zip(p.legs, r.legProbabilities) {
      out.append(Self.pad(leg.label, width) + Self.pad(Fmt.fixed(prob, 4), 13) + (prob > 0 ? Fmt.price(1 / prob) : "–"))
    }
    out.append("")
    let ci = r.jointInterval
    out.append(
      "Joint        \(Fmt.fixed(r.jointProbability, 4))  95% [\(Fmt.fixed(ci.lower, 4)), \(Fmt.fixed(ci.upper, 4))]  (se \(Fmt.fixed(r.jointStandardError, 5)))"
    )
    out.append("Independent  \(Fmt.fixed(r.independentProbability, 4))  (product of the legs)")
    out.append("Lift         \(r.lift.map { Fmt.fixed($0, 3) } ?? "–")  (joint / independent)")
    out.append("Fair odds    \(r.fairOdds.map { Fmt.price($0) } ?? "– (never won)")")
    if p.legs.count > 1 {
      out.append("Legs won     " + r.wonDistribution.enumerated().map { "\($0.offset): \(Fmt.fixed($0.element, 4))" }.joined(separator: " · "))
    }
    if let f = p.leagueFactor, p.games.count > 1 {
      out.append("League factor \(Fmt.fixed(f, 2)): teams of different games correlate by it (a common scoring environment)")
    }
    if let price, let a = priced.advice {
      let e = r.evaluation(at: price)
      out.append("At \(Fmt.price(price.decimal))      EV \(Fmt.signed(e.expectedValue, 4)) per unit · full Kelly \(Fmt.fixed(e.fullKelly, 4))")
      out.append("Advice       \(AdviceText.stake(a))")
    }
    if let repair = r.repair {
      out.append("")
      out.append(
        "The correlation matrix was not positive semidefinite: replaced by its nearest correlation matrix (Higham 2002), Frobenius distance \(Fmt.fixed(repair.distance, 6)) after \(repair.iterations) iterations."
      )
    }
    for tie in r.moneylineTies {
      out.append(
        "Moneyline    loses on a tie\(p.games.count > 1 ? " in " + tie.game : ""): P(tie) \(Fmt.fixed(tie.probability, 4)) under overtime \(tie.overtime.rawValue), which lets it stand (--ot-model tie plays overtime until one team leads)."
      )
    }
    out.append("A pushed leg counts as not won.")
    return out.joined(separator: "\n")
  }

  /// `s` then spaces to `width` (left-aligned).
  static func pad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
  }
}
