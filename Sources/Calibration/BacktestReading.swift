/// The plain reading of one model's bets on one market: does the EV it claimed show up in the
/// results? A model fed the closing line should find almost no edge; a model that claims large
/// edges the results do not bear out is miscalibrated.
package enum BacktestReading: Hashable, Sendable, CustomStringConvertible {
  case noBets
  /// Fewer than `minimumBets` bets: a bootstrap interval of so few says nothing about the model.
  case tooFewBets(count: Int)
  /// The realised ROI's 95% interval lies below 0 while the model claimed a positive EV.
  case miscalibrated(claimed: Double, realised: Double)
  /// The interval contains 0 and lies below the claimed EV: the claimed edge is not there.
  case claimedEdgeNotRealised(claimed: Double, realised: Double)
  /// The interval contains 0 and the claimed EV: no edge either way can be told from the noise.
  case noDistinguishableEdge(claimed: Double, realised: Double)
  /// The interval lies above 0.
  case realisedEdge(claimed: Double, realised: Double)

  /// The fewest bets a verdict is read from (the usual rule of thumb for a normal approximation
  /// of a mean, which the ROI's interval is).
  package static let minimumBets = 30

  package init(_ m: MarketScore) {
    let b = m.betting
    guard !b.bets.isEmpty, let ci = m.roiCI95 else {
      self = .noBets
      return
    }
    guard b.bets.count >= Self.minimumBets else {
      self = .tooFewBets(count: b.bets.count)
      return
    }
    let claimed = b.claimedEV, roi = b.roi
    if ci.upperBound < 0 {
      self = .miscalibrated(claimed: claimed, realised: roi)
    } else if ci.lowerBound > 0 {
      self = .realisedEdge(claimed: claimed, realised: roi)
    } else if ci.upperBound < claimed {
      self = .claimedEdgeNotRealised(claimed: claimed, realised: roi)
    } else {
      self = .noDistinguishableEdge(claimed: claimed, realised: roi)
    }
  }

  /// The reading, and where the model priced projections it was not fitted on and the reading
  /// doubts its edge, why: the fit's shifts and pooling weights belong to the other source.
  package func text(fittedOn: ProjectionSource?, projection: ProjectionSource) -> String {
    guard let fittedOn, fittedOn != projection else { return description }
    switch self {
    case .miscalibrated, .claimedEdgeNotRealised:
      return description
        + "; the model was fitted on \(fittedOn.rawValue) projections and priced \(projection.rawValue) ones: its home advantage, total shift and pooling weights belong to the other source (fit it on \(projection.rawValue), or leave out --model for the walk-forward fit)"
    default:
      return description
    }
  }

  package var key: String {
    switch self {
    case .noBets: "no_bets"
    case .tooFewBets: "too_few_bets"
    case .miscalibrated: "miscalibrated"
    case .claimedEdgeNotRealised: "claimed_edge_not_realised"
    case .noDistinguishableEdge: "no_distinguishable_edge"
    case .realisedEdge: "realised_edge"
    }
  }

  package var description: String {
    func pc(_ x: Double) -> String { (x >= 0 ? "+" : "") + String(Int((x * 1000).rounded())).inserting(".", fromEnd: 1) + "%" }
    switch self {
    case .noBets: return "no bets"
    case .tooFewBets(let n):
      return "too few bets: \(n), fewer than the \(Self.minimumBets) a verdict is read from"
    case .miscalibrated(let c, let r):
      return "miscalibrated: it claimed \(pc(c)) EV a bet and lost \(pc(r)) (ROI interval below 0)"
    case .claimedEdgeNotRealised(let c, let r):
      return "claimed edge not realised: it claimed \(pc(c)) EV, realised \(pc(r)) (interval below the claim)"
    case .noDistinguishableEdge(let c, let r):
      return "no edge distinguishable from zero: claimed \(pc(c)), realised \(pc(r))"
    case .realisedEdge(let c, let r):
      return "realised edge: claimed \(pc(c)), realised \(pc(r)) (interval above 0; check it is out of sample)"
    }
  }
}

private extension String {
  /// "123" -> "12.3" for fromEnd 1; pads "5" -> "0.5", keeps a minus sign.
  func inserting(_ s: String, fromEnd k: Int) -> String {
    var digits = self, sign = ""
    if digits.hasPrefix("-") { sign = "-"; digits.removeFirst() }
    while digits.count <= k { digits = "0" + digits }
    let i = digits.index(digits.endIndex, offsetBy: -k)
    return sign + digits[..<i] + s + digits[i...]
  }
}
