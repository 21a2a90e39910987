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
package struct TradeCandidate: Hashable, Sendable {
  package var rank = 0
  package var playerIn: Summary
  package var playerOut: Summary
  /// price_in - price_out (dollars; negative frees cash).
  package var netCost: Double
  /// The original's trade_score, overall_score, verdict and recommendation, on the projections.
  package var tradeScore: Double
  package var overallScore: Double
  package var verdict: TradeVerdict
  package var recommendation: TradeRecommendation
  /// Mean simulated overall_score: the ranking key.
  package var expectedGain: Double
  package var gainSD: Double
  package var expectedPointsGained: Double
  package var expectedCashGained: Double
  /// Mean simulated trade_score.
  package var score: Double
  /// P(overall_score > 0).
  package var confidence: Double
  package var confidenceSE: Double
  package var factors: TradeFactors

  package struct Summary: Hashable, Sendable {
    package var id: PlayerID
    package var name: String
    package var team: String?
    package var position: String?
    package var price: Double
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
    verdict = TradeVerdict(overall: figures.overallScore)
    recommendation = TradeRecommendation(tradeScore: figures.tradeScore)
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
package struct TradeSearchResult: Hashable, Sendable {
  /// nil when deterministic.
  package var nSimulations: Int?
  package var seed: UInt64?
  package var model: String
  package var context: TradeContext
  package var budget: Double
  package var nSquad: Int
  package var nPool: Int
  /// Legal trades evaluated (before `top`).
  package var nCandidates: Int
  package var trades: [TradeCandidate]
  package var skipped: [SkippedPlayer]
}
