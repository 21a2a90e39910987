/// Everything mcsim answers about one trade: the original's response, unchanged, plus the iOS
/// client's `score`, `confidence` and `factors` and, unless deterministic, the `simulation`.
/// The iOS shape's `recommendation` is the original's.
package struct TradeReport: Hashable, Sendable {
  package var original: TradeScoreResponse
  /// The iOS score: mean simulated trade_score (the original's trade_score when deterministic).
  package var score: Double
  /// P(the trade beats keeping the player), i.e. P(overall_score > 0); 1 or 0 when deterministic.
  package var confidence: Double
  package var factors: TradeFactors
  package var simulation: TradeSimulation?

  /// The original's answer and the zero-noise limit of everything else.
  package static func deterministic(_ trade: Trade) -> TradeReport {
    let original = trade.original
    let figures = trade.figures
    return TradeReport(
      original: original, score: original.tradeScore, confidence: figures.overallScore > 0 ? 1 : 0,
      factors: TradeFactors(
        playerIn: trade.playerIn, playerOut: trade.playerOut,
        pMorePoints: figures.scoringScore > 0 ? 1 : 0, pMoreCash: figures.cashScore > 0 ? 1 : 0),
      simulation: nil)
  }

  /// The original's answer plus the simulation.
  package static func simulated(_ trade: Trade, settings: SimulationSettings) throws(TradeInputError) -> TradeReport {
    let simulation = try TradeSimulation(trade, settings: settings)
    return TradeReport(
      original: trade.original, score: PythonNumerics.round(simulation.tradeScore.mean, digits: 1),
      confidence: simulation.confidence,
      factors: TradeFactors(
        playerIn: trade.playerIn, playerOut: trade.playerOut, pMorePoints: simulation.pMorePoints,
        pMoreCash: simulation.pMoreCash),
      simulation: simulation)
  }

  package init(
    original: TradeScoreResponse, score: Double, confidence: Double, factors: TradeFactors,
    simulation: TradeSimulation?
  ) {
    self.original = original
    self.score = score
    self.confidence = confidence
    self.factors = factors
    self.simulation = simulation
  }
}
