/// The total under conditions on the game's outcome, read off the one joint histogram of a run
/// (no new simulation): given a home win, an away win, a close game (|margin| <= 5), a blowout
/// (|margin| >= 15). Each with its probability, the total's mean and sd, and P(over) given the
/// condition with its 95% interval (a share of the games meeting the condition), beside the
/// exact model's where it has one.
///
/// Regulation against overtime: the simulation keeps the final totals of the games that went
/// to overtime (`JointScoreHistogram.overtimeTotalCounts`), and the regulation games are the
/// rest, all totals less those; each condition then has its share, P(over) with its interval,
/// mean and sd like the others. The exact model's values beside them come from the model
/// without overtime (`ExactScoreDistribution` of it, the regulation distribution):
///   flat: overtime is independent of the regulation score, so the total given regulation is
///         the regulation total, and given overtime the final total less the regulation share,
///         (P_final - (1 - rate) P_reg) / rate;
///   tie:  regulation ends the games not level, P(cell | regulation) ~ P_reg(cell) [h != a], and
///         the overtime games are the rest of the final distribution, P_final - P_reg [h != a].
package struct ConditionalScenarios: Sendable {
  /// What a total is conditioned on: the winner, the margin's size, whether the game went to
  /// overtime.
  package enum Condition: Sendable, Hashable, CaseIterable {
    /// The home team wins; the away team wins.
    case homeWin, awayWin
    /// |margin| <= `closeMargin`; |margin| >= `blowoutMargin`.
    case close, blowout
    /// The game ended in regulation; it went to overtime.
    case regulation, overtime
  }

  package struct Entry: Sendable {
    package let condition: Condition
    /// Probability of the condition (share of simulated games).
    package let probability: Double?
    package let pOver: SweepEstimate?
    package let meanTotal: Double?
    package let stdTotal: Double?
    package let exactProbability: Double?
    package let exactPOver: Double?
    package let exactMeanTotal: Double?
  }

  package let line: Double
  package let entries: [Entry]

  package static let closeMargin = 5
  package static let blowoutMargin = 15

  package init(histogram: JointScoreHistogram, model: GameModel, exact: ScoreDistribution?, line: Double) {
    self.line = line
    let simulated = ScoreDistribution(histogram: histogram)
    let conditions: [(Condition, (Int, Int) -> Bool)] = [
      (.homeWin, { $0 > $1 }),
      (.awayWin, { $0 < $1 }),
      (.close, { abs($0 - $1) <= Self.closeMargin }),
      (.blowout, { abs($0 - $1) >= Self.blowoutMargin }),
    ]
    var entries: [Entry] = []
    for (given, condition) in conditions {
      let s = Self.conditional(simulated, line: line, condition)
      let e = exact.map { Self.conditional($0, line: line, condition) }
      let n = s.weight
      entries.append(
        Entry(
          condition: given, probability: s.share, pOver: n > 0 ? .proportion(s.pOver, n: n) : nil,
          meanTotal: n > 0 ? s.mean : nil, stdTotal: n > 0 ? s.sd : nil, exactProbability: e?.share,
          exactPOver: e.flatMap { $0.weight > 0 ? $0.pOver : nil }, exactMeanTotal: e.flatMap { $0.weight > 0 ? $0.mean : nil }))
    }
    // Regulation / overtime: simulated from the overtime games' totals, exact beside.
    let simulatedSplit = Self.simulatedOvertimeSplit(histogram)
    var split: (regulation: [Int: Double], overtime: [Int: Double], pOT: Double)? = nil
    if let exact, model.overtime.kind != .none, model.skewness == 0 {
      var regulationModel = model
      regulationModel.overtime.kind = .none
      if let reg = ExactScoreDistribution.compute(regulationModel) {
        split = Self.overtimeSplit(final: exact, regulation: reg, model: model)
      }
    }
    for given in [Condition.regulation, .overtime] {
      let s = Self.summary(
        given == .regulation ? simulatedSplit.regulation : simulatedSplit.overtime, line: line,
        totalWeight: Double(histogram.games), isSample: true)
      let n = s.weight
      // Sums in value order: dictionary order changes from process to process.
      let totals = (given == .regulation ? split?.regulation : split?.overtime)?.sorted { $0.key < $1.key }
      let mass = totals?.reduce(0) { $0 + $1.value } ?? 0
      let over = totals?.filter { Double($0.key) > line }.reduce(0) { $0 + $1.value } ?? 0
      let mean = totals.map { $0.reduce(0) { $0 + Double($1.key) * $1.value } / mass }
      entries.append(
        Entry(
          condition: given, probability: s.share,
          pOver: n > 0 ? .proportion(s.pOver, n: n) : nil, meanTotal: n > 0 ? s.mean : nil, stdTotal: n > 0 ? s.sd : nil,
          exactProbability: split.map { given == .regulation ? 1 - $0.pOT : $0.pOT },
          exactPOver: mass > 0 ? over / mass : nil, exactMeanTotal: mass > 0 ? mean : nil))
    }
    self.entries = entries
  }

  /// Share of the weight meeting the condition, and the total's P(over), mean and sd given it.
  static func conditional(_ d: ScoreDistribution, line: Double, _ condition: (Int, Int) -> Bool)
    -> (share: Double, weight: Double, pOver: Double, mean: Double, sd: Double)
  {
    var totals: [Int: Double] = [:]
    let g = d.grid
    for r in 0..<g.homeBins {
      for c in 0..<g.awayBins {
        let w = d.weights[r * g.awayBins + c]
        let h = g.homeMin + r, a = g.awayMin + c
        if w != 0, condition(h, a) { totals[h + a, default: 0] += w }
      }
    }
    for (score, w) in d.overflow where condition(score.home, score.away) { totals[score.home + score.away, default: 0] += w }
    return summary(totals, line: line, totalWeight: d.totalWeight, isSample: d.sampleCount != nil)
  }

  /// Share of `totalWeight` in `totals` (weight by total), and the total's P(over), mean and sd
  /// given them; `weight` is the number of games for a simulation (`isSample`), else the share.
  static func summary(_ totals: [Int: Double], line: Double, totalWeight: Double, isSample: Bool)
    -> (share: Double, weight: Double, pOver: Double, mean: Double, sd: Double)
  {
    // Sums in value order, so the result does not depend on dictionary order.
    let sorted = totals.sorted { $0.key < $1.key }
    let weight = sorted.reduce(0) { $0 + $1.value }
    guard weight > 0 else { return (0, 0, 0, 0, 0) }
    let over = sorted.filter { Double($0.key) > line }.reduce(0) { $0 + $1.value }
    let mean = sorted.reduce(0) { $0 + Double($1.key) * $1.value } / weight
    let variance = sorted.reduce(0) { $0 + (Double($1.key) - mean) * (Double($1.key) - mean) * $1.value } / weight
    // The share of games: a count over the games for a simulation, a probability for the exact model.
    return (weight / totalWeight, isSample ? weight : weight / totalWeight, over / weight, mean, variance.squareRoot())
  }

  /// The simulated games' final totals split into those decided in regulation and those that
  /// went to overtime, as counts by total: overtime from the histogram's overtime totals,
  /// regulation all totals less those (integer counts, exact).
  static func simulatedOvertimeSplit(_ histogram: JointScoreHistogram) -> (regulation: [Int: Double], overtime: [Int: Double]) {
    let g = histogram.grid
    var all: [Int: UInt64] = [:]
    for r in 0..<g.homeBins {
      for c in 0..<g.awayBins where histogram.counts[r * g.awayBins + c] != 0 {
        all[g.totalMin + r + c, default: 0] += histogram.counts[r * g.awayBins + c]
      }
    }
    for (score, n) in histogram.overflow { all[score.home + score.away, default: 0] += n }
    var regulation: [Int: Double] = [:], overtime: [Int: Double] = [:]
    for (total, n) in histogram.overtimeTotalCounts {
      overtime[total] = Double(n)
      // Never more overtime games at a total than games there (a merge checks each part's
      // tallies; this keeps a foreign histogram from wrapping the count).
      all[total] = (all[total] ?? 0) - min(n, all[total] ?? 0)
    }
    for (total, n) in all where n != 0 { regulation[total] = Double(n) }
    return (regulation, overtime)
  }

  static func overtimeSplit(final: ScoreDistribution, regulation: ScoreDistribution, model: GameModel)
    -> (regulation: [Int: Double], overtime: [Int: Double], pOT: Double)
  {
    func totals(_ d: ScoreDistribution, _ keep: (Int, Int) -> Bool) -> [Int: Double] {
      var out: [Int: Double] = [:]
      let g = d.grid
      for r in 0..<g.homeBins {
        for c in 0..<g.awayBins where d.weights[r * g.awayBins + c] != 0 && keep(g.homeMin + r, g.awayMin + c) {
          out[g.homeMin + r + g.awayMin + c, default: 0] += d.weights[r * g.awayBins + c]
        }
      }
      for (s, w) in d.overflow where keep(s.home, s.away) { out[s.home + s.away, default: 0] += w }
      return out
    }
    let finalTotals = totals(final) { _, _ in true }
    switch model.overtime.kind {
    case .flat:
      let rate = model.overtime.rate
      let reg = totals(regulation) { _, _ in true }
      // Overtime is independent of the regulation score: its totals are the regulation totals
      // plus K overtime points, K ~ round(max(0, N(points, sd^2))), convolved directly (no
      // difference of final and regulation divided by a small rate).
      var ot: [Int: Double] = [:]
      if rate > 0 {
        let q = ExactScoreDistribution.roundedPositiveNormal(mean: model.overtime.points, sd: model.overtime.sd)
        for (t, p) in reg.sorted(by: { $0.key < $1.key }) {
          for (k, pk) in q.enumerated() where pk > 0 { ot[t + k, default: 0] += p * pk }
        }
      }
      return (reg, ot, rate)
    case .tie:
      let decided = totals(regulation) { $0 != $1 }
      var ot: [Int: Double] = [:]
      for (t, p) in finalTotals { ot[t] = max(0, p - (decided[t] ?? 0)) }
      let pOT = 1 - decided.sorted { $0.key < $1.key }.reduce(0) { $0 + $1.value }
      return (decided, ot, pOT)
    case .none:
      return (finalTotals, [:], 0)
    }
  }
}
