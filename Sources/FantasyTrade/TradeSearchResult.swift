/// What one candidate trade comes to, simulated or at zero noise.
struct PairOutcome {
  var expectedGain: Double
  var gainSD: Double
  var expectedPoints: Double
  var expectedCash: Double
  var meanTradeScore: Double
  var confidence: Double
  var confidenceSE: Double
  var pMorePoints: Double
  var pMoreCash: Double

  init(deterministic f: TradeFigures) {
    expectedGain = f.overallScore
    gainSD = 0
    expectedPoints = f.scoringScore
    expectedCash = f.cashScore
    meanTradeScore = f.tradeScore
    confidence = f.overallScore > 0 ? 1 : 0
    confidenceSE = 0
    pMorePoints = f.scoringScore > 0 ? 1 : 0
    pMoreCash = f.cashScore > 0 ? 1 : 0
  }

  init(simulated s: PairSums) {
    let n = Double(s.count)
    expectedGain = s.gain.mean
    gainSD = s.gain.sd
    expectedPoints = s.points / n
    expectedCash = s.cash / n
    meanTradeScore = s.tradeScore / n
    confidence = Double(s.beats) / n
    confidenceSE = (confidence * (1 - confidence) / n).squareRoot()
    pMorePoints = Double(s.morePoints) / n
    pMoreCash = Double(s.moreCash) / n
  }
}

/// One ranked trade of a batch: who, the original's figures on the projections, the
/// simulation's expectations and the iOS client's shape (`score`, `confidence`, `factors`,
/// `recommendation`).
public struct TradeCandidate: Hashable, Sendable {
  public var rank = 0
  public var playerIn: Summary
  public var playerOut: Summary
  /// price_in - price_out (dollars; negative frees cash).
  public var netCost: Double
  /// The original's trade_score, overall_score, verdict and recommendation, on the projections.
  public var tradeScore: Double
  public var overallScore: Double
  public var verdict: String
  public var recommendation: String
  /// Mean simulated overall_score: the ranking key.
  public var expectedGain: Double
  public var gainSD: Double
  public var expectedPointsGained: Double
  public var expectedCashGained: Double
  /// Mean simulated trade_score.
  public var score: Double
  /// P(overall_score > 0).
  public var confidence: Double
  public var confidenceSE: Double
  public var factors: TradeFactors

  public struct Summary: Hashable, Sendable {
    public var id: PlayerID
    public var name: String
    public var team: String?
    public var position: String?
    public var price: Double
  }

  init(playerIn: RosterPlayer, playerOut: RosterPlayer, figures: TradeFigures, outcome: PairOutcome) {
    func summary(_ p: RosterPlayer) -> Summary {
      Summary(id: p.id, name: p.name, team: p.team, position: p.position, price: p.player.price)
    }
    self.playerIn = summary(playerIn)
    self.playerOut = summary(playerOut)
    netCost = playerIn.player.price - playerOut.player.price
    tradeScore = PythonNumerics.round(figures.tradeScore, digits: 1)
    overallScore = PythonNumerics.round(figures.overallScore, digits: 1)
    verdict = OriginalTradeScore.verdict(overall: figures.overallScore)
    recommendation = OriginalTradeScore.recommendation(tradeScore: figures.tradeScore)
    expectedGain = outcome.expectedGain
    gainSD = outcome.gainSD
    expectedPointsGained = outcome.expectedPoints
    expectedCashGained = outcome.expectedCash
    score = PythonNumerics.round(outcome.meanTradeScore, digits: 1)
    confidence = outcome.confidence
    confidenceSE = outcome.confidenceSE
    factors = TradeFactors(
      playerIn: playerIn.player, playerOut: playerOut.player, pMorePoints: outcome.pMorePoints,
      pMoreCash: outcome.pMoreCash)
  }
}

/// A batch's answer: the ranked trades, the players skipped and why, and how it was computed.
public struct TradeSearchResult: Hashable, Sendable {
  public var status = "ok"
  /// nil when deterministic.
  public var nSimulations: Int?
  public var seed: UInt64?
  public var model: String
  public var context: TradeContext
  public var budget: Double
  public var nSquad: Int
  public var nPool: Int
  /// Legal trades evaluated (before `top`).
  public var nCandidates: Int
  public var trades: [TradeCandidate]
  public var skipped: [SkippedPlayer]
}
