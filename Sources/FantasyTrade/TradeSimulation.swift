import RandomStreams

/// The simulated outcome of one trade: each of the coming rounds drawn for both players
/// (`PlayerDraws`), the original's formula applied to every draw (`TradeFormula`), and the
/// distributions of what comes out.
///
/// Memory is fixed: draws are made in chunks of 4096 and folded into at most 16 accumulators
/// (chunk c into accumulator c mod 16), each with fixed histograms; the accumulators are merged
/// in order, so the result is the same on any number of threads.
package struct TradeSimulation: Hashable, Sendable {
  package static let model =
    "per-round scores Normal(proj, score_sd); red dots miss leading rounds with probability miss_probability each (0 points, no price change); original trade formula per draw"

  package var nSimulations: Int
  package var seed: UInt64
  package var model = TradeSimulation.model
  package var scoreSD: PlayerPair<Double>
  package var missProbability: PlayerPair<Double>
  package var tradeScore: OutcomeDistribution
  package var overallScore: OutcomeDistribution
  /// Points gained (the simulated scoring_score).
  package var pointsGained: OutcomeDistribution
  /// Dollars gained in price (the simulated cash_score).
  package var cashGained: OutcomeDistribution
  /// P(overall_score > 0): the trade beats keeping the player.
  package var confidence: Double
  /// Its standard error, sqrt(p (1 - p) / n).
  package var confidenceSE: Double
  /// P(points gained > 0).
  package var pMorePoints: Double
  /// P(cash gained > 0).
  package var pMoreCash: Double

  static let chunkSize = 4096
  static let accumulators = 16
  static let streamIn = StreamLayout.streamID(named: "player_in")
  static let streamOut = StreamLayout.streamID(named: "player_out")

  package init(_ trade: Trade, settings: SimulationSettings) throws(TradeInputError) {
    try settings.validate()
    let zero = trade.withoutNoise.figures
    let weights = trade.context.weights
    let (pin, pout) = (trade.playerIn, trade.playerOut)
    let empty = Accumulator(
      tradeScore: OutcomeAccumulator(shift: zero.tradeScore, lower: 0, upper: 100, bins: 10_000),
      overall: OutcomeAccumulator(
        shift: zero.overallScore, exact: LinearMoments.overall(pin, weights) - LinearMoments.overall(pout, weights)),
      points: OutcomeAccumulator(shift: zero.scoringScore, exact: LinearMoments.points(pin) - LinearMoments.points(pout)),
      cash: OutcomeAccumulator(shift: zero.cashScore, exact: LinearMoments.cash(pin) - LinearMoments.cash(pout)))

    let (totalsIn, totalsOut) = (PlayerTotals(pin), PlayerTotals(pout))
    let layout = settings.layout(chunkSize: Self.chunkSize)
    let chunks = layout.chunks(draws: settings.simulations)
    let lanes = min(Self.accumulators, chunks.count)
    let partials = ChunkRunner.map(tasks: lanes, threads: settings.threads) { lane in
      var acc = empty
      let drawsIn = PlayerDraws(capacity: Self.chunkSize)
      let drawsOut = PlayerDraws(capacity: Self.chunkSize)
      for index in stride(from: lane, to: chunks.count, by: lanes) {
        let chunk = chunks[index]
        drawsIn.fill(totalsIn, stream: layout.stream(named: Self.streamIn, chunk: chunk.index), count: chunk.count)
        drawsOut.fill(totalsOut, stream: layout.stream(named: Self.streamOut, chunk: chunk.index), count: chunk.count)
        for i in 0..<chunk.count {
          acc.add(
            TradeFigures(
              pointsIn: drawsIn.points[i], pointsOut: drawsOut.points[i], cashIn: drawsIn.cash[i],
              cashOut: drawsOut.cash[i], weights: weights))
        }
      }
      return acc
    }
    var total = partials[0]
    for partial in partials.dropFirst() { total.merge(partial) }

    let n = Double(settings.simulations)
    nSimulations = settings.simulations
    seed = settings.seed
    scoreSD = PlayerPair(playerIn: pin.scoreSD, playerOut: pout.scoreSD)
    missProbability = PlayerPair(playerIn: pin.missProbability, playerOut: pout.missProbability)
    tradeScore = total.tradeScore.distribution
    overallScore = total.overall.distribution
    pointsGained = total.points.distribution
    cashGained = total.cash.distribution
    confidence = Double(total.overallPositive) / n
    confidenceSE = (confidence * (1 - confidence) / n).squareRoot()
    pMorePoints = Double(total.pointsPositive) / n
    pMoreCash = Double(total.cashPositive) / n
  }

  struct Accumulator: Sendable {
    var tradeScore, overall, points, cash: OutcomeAccumulator
    var overallPositive = 0
    var pointsPositive = 0
    var cashPositive = 0

    @inline(__always)
    mutating func add(_ f: TradeFigures) {
      tradeScore.add(f.tradeScore)
      overall.add(f.overallScore)
      points.add(f.scoringScore)
      cash.add(f.cashScore)
      if f.overallScore > 0 { overallPositive += 1 }
      if f.scoringScore > 0 { pointsPositive += 1 }
      if f.cashScore > 0 { cashPositive += 1 }
    }

    mutating func merge(_ o: Accumulator) {
      tradeScore.merge(o.tradeScore)
      overall.merge(o.overall)
      points.merge(o.points)
      cash.merge(o.cash)
      overallPositive += o.overallPositive
      pointsPositive += o.pointsPositive
      cashPositive += o.cashPositive
    }
  }
}
