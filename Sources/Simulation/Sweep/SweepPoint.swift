import OddsMath

/// One grid point of a sweep: the swept values, the line and prices read there, and what the
/// simulated game says about the totals market (with 95% intervals), beside the exact model.
public struct SweepPoint: Sendable {
  /// The swept values, one per axis of the sweep, in its axis order.
  public let values: [Double]
  /// Index of this point's curve (its model) in `ParameterSweep.curves`.
  public let curve: Int
  public let line: Double
  public let overOdds: Odds
  public let underOdds: Odds
  public let pOver: SweepEstimate
  public let pUnder: SweepEstimate
  public let pPush: SweepEstimate
  /// d p_over / d line per point of line, as the central difference over +/- 0.5:
  ///   p_over(L + 0.5) - p_over(L - 0.5) = -P(L - 0.5 < T <= L + 0.5)
  /// (the mass of the total in the one-point window at the line: its density there).
  public let dpOverDLine: SweepEstimate
  public let evOver: SweepEstimate
  public let evUnder: SweepEstimate
  public let kellyOver: SweepEstimate
  public let kellyUnder: SweepEstimate
  /// The decimal prices at which each side breaks even at this line (nil when it never wins).
  public let breakEvenOverPrice: Double?
  public let breakEvenUnderPrice: Double?
  /// The advice policy on each side (`SideAdvice`, as `run` gives it): the stake, gated by the
  /// EV interval where the probability is simulated, or why it is withheld.
  public let adviceOver: SideAdvice
  public let adviceUnder: SideAdvice
  /// The same quantities from the exact distribution of the point's model; nil without one.
  public let exact: Exact?
  /// With a spread: home cover, away cover, push.
  public let spread: Sides?
  /// With the moneyline: home win, away win, tie (a tie is possible without the tie overtime model).
  public let moneyline: Sides?

  public struct Exact: Sendable {
    public let pOver: Double
    public let pUnder: Double
    public let pPush: Double
    public let dpOverDLine: Double
    public let evOver: Double
    public let evUnder: Double
  }

  public struct Sides: Sendable {
    public let home: SweepEstimate
    public let away: SweepEstimate
    public let push: SweepEstimate
    public let exactHome: Double?
    public let exactAway: Double?
  }
}

/// One model of a sweep (one curve of p_over against the line, or one grid point of the model
/// parameters): its swept model values, the break-even lines at the offered prices, simulated
/// and exact, and the break-even prices at the offered line.
public struct SweepCurve: Sendable {
  /// The model parameters' swept values (parameter, value), in axis order.
  public let values: [(parameter: SweepParameter, value: Double)]
  public let model: GameModel
  public let overLine: Double?
  public let underLine: Double?
  public let exactOverLine: Double?
  public let exactUnderLine: Double?
  /// Break-even prices at the offered line (nil when no line is offered, or a side never wins).
  public let overPrice: Double?
  public let underPrice: Double?
  public let exactOverPrice: Double?
  public let exactUnderPrice: Double?
}
