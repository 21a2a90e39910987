import RandomStreams

/// The batch: every legal one-for-one trade of a squad player for a pool player, ranked by
/// expected gain (the mean simulated overall_score), with the probability it beats keeping.
///
/// A trade is legal when the incoming player is not in the squad, costs at most `budget` more
/// than the outgoing one, and they share a position (when both have one).
///
/// Each player is simulated once per chunk of 1024 draws from his own stream, and every pair
/// reads the two players' rows: common random numbers, so two candidates for the same slot are
/// compared on the same draws, and the cost is O(players * draws + pairs * draws) with memory
/// O(players * 1024 + pairs), flat in the number of draws. Players are filled in parallel, then
/// pairs are accumulated in parallel, each into its own slot: any thread count gives the same
/// bits.
package struct TradeSearch: Sendable {
  package struct Options: Hashable, Sendable {
    /// Dollars the squad may spend on top of the outgoing player's price.
    package var budget: Double
    package var context: TradeContext
    /// How many trades to return (all when nil).
    package var top: Int?
    /// Only trades bringing in this player (the iOS request's `player_in_id`).
    package var playerInID: PlayerID?
    /// Only trades sending out this player (`player_out_id`).
    package var playerOutID: PlayerID?

    package init(
      budget: Double = 0, context: TradeContext = .original, top: Int? = 10, playerInID: PlayerID? = nil,
      playerOutID: PlayerID? = nil
    ) {
      self.budget = budget
      self.context = context
      self.top = top
      self.playerInID = playerInID
      self.playerOutID = playerOutID
    }

    package func validate() throws(TradeInputError) {
      try Check.nonNegative("budget", budget)
      try context.validate()
      if let top, top < 1 { throw .invalid(field: "top", value: "\(top)", reason: "must be at least 1") }
    }
  }

  package var rosters: Rosters
  package var options: Options

  package init(rosters: Rosters, options: Options) throws(TradeInputError) {
    try options.validate()
    self.rosters = rosters
    self.options = options
    if let id = options.playerOutID, !rosters.squad.contains(where: { $0.id == id }) {
      throw .unknownPlayer(field: "player_out_id", id: id.text)
    }
    if let id = options.playerInID, !rosters.pool.contains(where: { $0.id == id }) {
      throw .unknownPlayer(field: "player_in_id", id: id.text)
    }
  }

  /// Legal (incoming, outgoing) pairs as indices into pool and squad, grouped by outgoing player.
  package var candidates: [(in: Int, out: Int)] {
    let squadIDs = Set(rosters.squad.map(\.id))
    var pairs: [(in: Int, out: Int)] = []
    for (o, out) in rosters.squad.enumerated() where options.playerOutID.map({ $0 == out.id }) ?? true {
      for (i, incoming) in rosters.pool.enumerated()
      where !squadIDs.contains(incoming.id) && (options.playerInID.map { $0 == incoming.id } ?? true)
        && incoming.player.price - out.player.price <= options.budget && incoming.canReplace(out)
      {
        pairs.append((i, o))
      }
    }
    return pairs
  }

  /// The original's figures of every candidate and, with `settings`, their simulation; ranked.
  package func run(settings: SimulationSettings?) throws(TradeInputError) -> TradeSearchResult {
    try settings?.validate()
    let pairs = candidates
    if pairs.isEmpty, let inID = options.playerInID, let outID = options.playerOutID {
      throw .invalid(
        field: "player_in_id", value: inID.text,
        reason: "cannot replace \(outID.text): over budget, a different position, or already in the squad")
    }
    let context = options.context
    let zero = pairs.map { p in
      TradeFigures(playerIn: rosters.pool[p.in].player, playerOut: rosters.squad[p.out].player, context: context)
    }
    let outcomes: [PairOutcome]
    if let settings {
      outcomes = simulate(pairs, zero: zero, settings: settings)
    } else {
      outcomes = zero.map(PairOutcome.init(deterministic:))
    }
    var trades = pairs.indices.map { k in
      TradeCandidate(
        playerIn: rosters.pool[pairs[k].in], playerOut: rosters.squad[pairs[k].out], figures: zero[k],
        outcome: outcomes[k])
    }
    trades.sort { a, b in
      if a.expectedGain != b.expectedGain { return a.expectedGain > b.expectedGain }
      if a.confidence != b.confidence { return a.confidence > b.confidence }
      if a.playerIn.id != b.playerIn.id { return a.playerIn.id < b.playerIn.id }
      return a.playerOut.id < b.playerOut.id
    }
    if let top = options.top { trades = Array(trades.prefix(top)) }
    for k in trades.indices { trades[k].rank = k + 1 }
    return TradeSearchResult(
      nSimulations: settings?.simulations, seed: settings?.seed,
      model: settings == nil ? "deterministic (the original formula on the projections)" : TradeSimulation.model,
      context: context, budget: options.budget, nSquad: rosters.squad.count, nPool: rosters.pool.count,
      nCandidates: pairs.count, trades: trades, skipped: rosters.skipped)
  }

  static let chunkSize = 1024

  /// Simulates every pair on its two players' draws.
  private func simulate(_ pairs: [(in: Int, out: Int)], zero: [TradeFigures], settings: SimulationSettings)
    -> [PairOutcome]
  {
    // The players that appear in some pair, each with one row of points and one of cash.
    var row: [PlayerID: Int] = [:]
    var players: [RosterPlayer] = []
    func slot(_ p: RosterPlayer) -> Int {
      if let r = row[p.id] { return r }
      row[p.id] = players.count
      players.append(p)
      return players.count - 1
    }
    let rowsIn = pairs.map { slot(rosters.pool[$0.in]) }
    let rowsOut = pairs.map { slot(rosters.squad[$0.out]) }
    let streams = players.map { StreamLayout.streamID(named: $0.id.text) }
    let totals = players.map { PlayerTotals($0.player) }
    let c = Self.chunkSize
    let points = UnsafeMutableBufferPointer<Double>.allocate(capacity: players.count * c)
    let cash = UnsafeMutableBufferPointer<Double>.allocate(capacity: players.count * c)
    let sums = UnsafeMutableBufferPointer<PairSums>.allocate(capacity: pairs.count)
    defer {
      points.deallocate()
      cash.deallocate()
      sums.deallocate()
    }
    _ = sums.initialize(from: zero.map { PairSums(shift: $0.overallScore) })
    let weights = options.context.weights
    let playerBlock = 16
    let pairBlock = 64

    let layout = settings.layout(chunkSize: c)
    for chunk in layout.chunks(draws: settings.simulations) {
      ChunkRunner.run(tasks: (players.count + playerBlock - 1) / playerBlock, threads: settings.threads) { _, blocks in
        let scratch = PlayerDraws(capacity: c)
        for b in blocks {
          for p in (b * playerBlock)..<min(players.count, (b + 1) * playerBlock) {
            scratch.fill(
              totals[p], stream: layout.stream(named: streams[p], chunk: chunk.index), count: chunk.count,
              points: points.baseAddress! + p * c, cash: cash.baseAddress! + p * c)
          }
        }
      }
      ChunkRunner.forEach(tasks: (pairs.count + pairBlock - 1) / pairBlock, threads: settings.threads) { b in
        for k in (b * pairBlock)..<min(pairs.count, (b + 1) * pairBlock) {
          sums[k].add(
            pointsIn: points.baseAddress! + rowsIn[k] * c, pointsOut: points.baseAddress! + rowsOut[k] * c,
            cashIn: cash.baseAddress! + rowsIn[k] * c, cashOut: cash.baseAddress! + rowsOut[k] * c,
            count: chunk.count, weights: weights)
        }
      }
    }
    return sums.map(PairOutcome.init(simulated:))
  }
}

/// Running sums of one pair's draws (overall as deviations from its zero-noise value).
struct PairSums {
  var gain: ShiftedMoments
  var tradeScore = 0.0
  var points = 0.0
  var cash = 0.0
  var beats = 0
  var morePoints = 0
  var moreCash = 0

  init(shift: Double) { gain = ShiftedMoments(shift: shift) }
  var count: Int { gain.count }

  /// Folds in draws 0..<n of the two players' rows: four draws at a time in SIMD lanes (the
  /// same IEEE operations as `TradeFormula`, so each draw's overall score is bit-identical to
  /// the scalar formula), lanes summed in a fixed order.
  mutating func add(
    pointsIn: UnsafePointer<Double>, pointsOut: UnsafePointer<Double>, cashIn: UnsafePointer<Double>,
    cashOut: UnsafePointer<Double>, count n: Int, weights: RoundWeights
  ) {
    typealias V = SIMD4<Double>
    typealias Counts = SIMD4<Int64>
    func load(_ p: UnsafePointer<Double>, _ i: Int) -> V { UnsafeRawPointer(p + i).loadUnaligned(as: V.self) }
    let (ws, wc, shiftV) = (V(repeating: weights.scoring), V(repeating: weights.cash), V(repeating: gain.shift))
    var (g, g2, ts, pts, csh) = (V(), V(), V(), V(), V())
    var (b, mp, mc) = (Counts(), Counts(), Counts())
    let one = Counts(repeating: 1)
    var i = 0
    while i + 4 <= n {
      let scoring = load(pointsIn, i) - load(pointsOut, i)
      let cashGain = load(cashIn, i) - load(cashOut, i)
      let overall = scoring * ws + (cashGain / 10000) * wc
      let d = overall - shiftV
      g += d
      g2 += d * d
      // clamp(50 + 5 overall, 0, 100); pointwiseMin/Max are not inlined, selects are.
      let raw = 50 + overall * 5.0
      ts += raw.replacing(with: 100, where: raw .> 100).replacing(with: 0, where: raw .< 0)
      pts += scoring
      csh += cashGain
      b.replace(with: b &+ one, where: overall .> 0)
      mp.replace(with: mp &+ one, where: scoring .> 0)
      mc.replace(with: mc &+ one, where: cashGain .> 0)
      i += 4
    }
    var (tg, tg2, tts, tpts, tcsh) = (g.sum(), g2.sum(), ts.sum(), pts.sum(), csh.sum())
    var (tb, tmp, tmc) = (Int(b.wrappedSum()), Int(mp.wrappedSum()), Int(mc.wrappedSum()))
    while i < n {
      let scoring = pointsIn[i] - pointsOut[i]
      let cashGain = cashIn[i] - cashOut[i]
      let overall = TradeFormula.overall(scoring: scoring, cash: cashGain, weights: weights)
      let d = overall - gain.shift
      tg += d
      tg2 += d * d
      tts += TradeFormula.tradeScore(overall: overall)
      tpts += scoring
      tcsh += cashGain
      tb += overall > 0 ? 1 : 0
      tmp += scoring > 0 ? 1 : 0
      tmc += cashGain > 0 ? 1 : 0
      i += 1
    }
    gain.add(count: n, sum: tg, sumOfSquares: tg2)
    tradeScore += tts
    points += tpts
    cash += tcsh
    beats += tb
    morePoints += tmp
    moreCash += tmc
  }
}
