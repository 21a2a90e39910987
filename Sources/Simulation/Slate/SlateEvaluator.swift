import Dispatch
import Foundation
import OddsMath

/// Evaluates a slate: every game's markets priced from one simulation of the whole slate.
///
/// 1. Each game is checked on its own: a game with a problem from its input, an invalid model
///    or market, or no line at all gets its `error` and is not simulated; the others go on.
/// 2. The models still needed are simulated together (`GameSimulator.simulate` on the list, all
///    chunks of all games sharing the threads), so the slate is bit-identical for any thread
///    count. The k-th model of that list draws from the k-th block of streams of the seed. Each
///    game is priced and handed to `ready` as soon as its models have finished (SlateStream).
/// 3. Each game is priced from its histograms: the total from the game's own model; spreads and
///    moneylines from the margin (home - away) under the **tie** overtime model, the only one in
///    which every game has a winner. When a game's model is `flat` (the agent's model, the
///    default, whose totals match the replaced service) or `none`, its margin comes from a
///    second simulation of the same model with `ot_model` tie (same means, sds, correlation,
///    and the model's overtime points and sd per period). A tie model serves both.
///
/// 4. Advice (`AdvicePolicy`): each market's sides graded on the exact probabilities of the
///    model when `exact` is on and the model has them (`ExactScoreDistribution`; the simulated
///    ones stay beside them), else on the simulated ones with their EV interval; the market's
///    devigged probabilities (a feed's sharp consensus first, else the game's own two prices)
///    beside them. Then the slate's recommended bets are staked together (`SlateStakes`): bets
///    on one game by joint Kelly over that game's joint score distribution under the tie model
///    (the one where every market resolves; exact when on), scaled to the exposure cap.
///
/// Histograms are kept by model: evaluating again (a watch loop, where lines move and models do
/// not) re-prices the kept histograms and simulates only models not seen before, so a verdict
/// changes because the line moved, never because of fresh simulation noise.
public struct SlateEvaluator: Sendable {
  public let options: SimulationOptions
  public let policy: AdvicePolicy
  /// Grade on the model's exact probabilities where it has them (costs more than a 10^4
  /// simulation per model: the CLI turns it on, the server's batch only on request).
  public let exact: Bool
  private var histograms: [GameModel: JointScoreHistogram] = [:]
  /// Exact distributions kept across evaluations (and across evaluators that share it); nil
  /// computes each evaluation's afresh.
  package var exactCache: ExactDistributionCache?

  public init(options: SimulationOptions, policy: AdvicePolicy = AdvicePolicy(), exact: Bool = false) {
    self.options = options
    self.policy = policy
    self.exact = exact
  }

  /// Evaluates `games`, results in input order. `ready` is called once per game as soon as its
  /// result is known: refused games and games whose models are already kept at once, the
  /// others as soon as the last of their models finishes simulating (from a simulation thread,
  /// one call at a time). Throws only when the options themselves are invalid (n_sims, threads).
  /// `periods`: each game's periods priced (by its place in `games`), carried by its result (a
  /// streamed one too) and whose recommended sides are staked with the slate's other bets.
  public mutating func evaluate(
    _ games: [SlateGame], progress: (@Sendable (Double) -> Void)? = nil,
    ready: (@Sendable (SlateGameResult) -> Void)? = nil
  ) throws(InputError) -> SlateEvaluation {
    try evaluate(games, periods: [:], progress: progress, ready: ready)
  }

  package mutating func evaluate(
    _ games: [SlateGame], periods: [Int: [PricedPeriod]], progress: (@Sendable (Double) -> Void)? = nil,
    ready given: (@Sendable (SlateGameResult) -> Void)? = nil
  ) throws(InputError) -> SlateEvaluation {
    let byID = Dictionary(periods.map { (games[$0.key].id, $0.value) }, uniquingKeysWith: { first, _ in first })
    let ready = given.map { ready in
      { @Sendable (r: SlateGameResult) in
        var r = r
        r.periods = byID[r.gameID] ?? []
        ready(r)
      }
    }
    try options.validate()
    // Only what this evaluation used stays kept, whether or not it finishes.
    defer { exactCache?.keepOnlyUsed() }
    var refused: [Int: SlateGameResult] = [:]
    var plans: [Int: Plan] = [:]
    var pending: [GameModel] = []
    var queued = Set<GameModel>()
    func need(_ model: GameModel?) {
      guard let model, histograms[model] == nil, queued.insert(model).inserted else { return }
      pending.append(model)
    }

    for (i, game) in games.enumerated() {
      switch plan(game) {
      case .failure(let failure):
        let r = SlateGameResult(
          game: game, monteCarlo: nil, evMetrics: nil, spread: nil, moneyline: nil, warnings: [], failure: failure)
        refused[i] = r
        ready?(r)
      case .success(let p):
        plans[i] = p
        need(p.totalModel)
        need(p.marginModel)
      }
    }

    let stream = SlateStream(
      games: games, plans: plans, refused: refused, known: histograms,
      pricer: Pricer(options: options, policy: policy, exact: exact, cache: exactCache),
      ready: ready)
    stream.priceReadyGames()
    if !pending.isEmpty {
      let models = pending
      let simulated = try GameSimulator.simulate(
        pending, options: options, progress: progress,
        gameFinished: { k, histogram in stream.finished(models[k], histogram) })
      for (model, histogram) in zip(pending, simulated) { histograms[model] = histogram }
    }
    var (results, elapsed) = stream.collect()
    for (i, p) in periods where results.indices.contains(i) { results[i].periods = p }
    let exposure = Self.stake(&results, periods: periods, policy: policy)
    return SlateEvaluation(
      games: results, simulatedModels: pending.count, elapsedSeconds: elapsed, totalExposure: exposure.total,
      scaledToCap: exposure.scaled)
  }

  /// Sets every game's `stakes` from the slate's recommended bets, staked together. A period
  /// market's recommended side (`periods`, by game; one a market, as the full game's) is a group
  /// of its own: its joint outcomes with the
  /// game's other bets are not simulated, so it keeps its single-bet stake before the cap.
  static func stake(
    _ results: inout [SlateGameResult], periods: [Int: [PricedPeriod]] = [:], policy: AdvicePolicy
  ) -> (total: Double, scaled: Bool) {
    var groups: [(game: Int, bets: [(bet: BestBet, advice: SideAdvice)], outcomes: [JointKelly.Outcome])] = []
    for i in results.indices where !results[i].failed {
      if let g = results[i].stakeGroup, !g.bets.isEmpty {
        let bets = g.bets.map { bet in
          (
            bet: BestBet(
              market: bet.market, side: bet.advice.side, line: bet.line, odds: bet.advice.odds.decimal,
              probability: bet.advice.probabilities.win, ev: bet.advice.ev), advice: bet.advice
          )
        }
        groups.append((i, bets, g.outcomes))
      }
      for p in periods[i] ?? [] {
        for (market, team, advice) in p.advice.markets {
          if let side = advice?.best {
            let line: Double? =
              switch market {
              case .total: team == nil ? p.totalLine : p.teamTotal(home: team == .home)
              case .spread: p.spread.map { side.side == .home ? $0 : -$0 }
              case .moneyline: nil
              }
            let bet = BestBet(
              market: market, side: side.side, line: line, odds: side.odds.decimal, probability: side.probabilities.win, ev: side.ev,
              period: p.period, team: team)
            groups.append((i, [(bet, side)], []))
          }
        }
      }
    }
    let (fractions, scaled) = SlateStakes.stakes(
      groups.map { SlateStakes.Group(bets: $0.bets.map(\.advice), outcomes: $0.outcomes) }, policy: policy)
    var total = 0.0
    for i in results.indices { results[i].stakes = [] }
    for (k, g) in groups.enumerated() {
      for (bet, f) in zip(g.bets, fractions[k]) {
        total += f
        results[g.game].stakes.append(
          BetStake(
            bet: bet.bet, grade: bet.advice.grade, fraction: f, stake: f * policy.bankroll, singleFraction: bet.advice.stake,
            joint: g.bets.count > 1))
      }
    }
    return (total, scaled)
  }

  /// Which models a game needs simulated, or why it cannot be evaluated.
  struct Plan {
    var totalModel: GameModel?
    var marginModel: GameModel?
    var warnings: [String]
  }

  private enum Planned {
    case success(Plan)
    case failure(GameFailure)
  }

  private func plan(_ game: SlateGame) -> Planned {
    if let problem = game.problem { return .failure(.invalid(problem)) }
    guard let model = game.model else { return .failure(.invalid("no projection for this game")) }
    // The model first: a game without a line still reports its projections, which must be
    // numbers (ppg of 1e308 once gave a projected total of -inf, written as the string "-inf").
    do { try model.validate() } catch { return .failure(.invalid(error.description)) }
    if game.markets.isEmpty { return .failure(.noLine) }
    do { try game.markets.validate() } catch { return .failure(.invalid(error.description)) }
    var p = Plan(totalModel: game.markets.total == nil ? nil : model, marginModel: nil, warnings: [])
    if game.markets.needsMargin {
      var tie = model
      tie.overtime.kind = .tie
      do {
        try tie.validate()
        p.marginModel = tie
      } catch {
        let message = "spread and moneyline not priced: they are simulated with ot_model tie, where \(error)"
        guard p.totalModel != nil else { return .failure(.invalid(message)) }
        p.warnings.append(message)
      }
    }
    return .success(p)
  }
}

/// A game's recommended bets (at most one side per market) and their joint outcomes.
struct StakeCandidates: Sendable {
  struct Bet: Sendable {
    let market: BetMarket
    let line: Double?
    let advice: SideAdvice
    let bet: ScoreBet
  }
  var bets: [Bet]
  var outcomes: [JointKelly.Outcome]
}

/// Prices one game's markets from the histograms of its models.
struct Pricer: Sendable {
  let options: SimulationOptions
  let policy: AdvicePolicy
  let exact: Bool
  var cache: ExactDistributionCache? = nil

  func price(_ game: SlateGame, _ p: SlateEvaluator.Plan, histograms: [GameModel: JointScoreHistogram], elapsedSeconds: Double) -> SlateGameResult {
    var exactOf: [GameModel: ScoreDistribution] = [:]
    func exactDistribution(_ model: GameModel) -> ScoreDistribution? {
      guard exact else { return nil }
      if let d = exactOf[model] { return d }
      let d = cache.map { $0.distribution(model) } ?? ExactScoreDistribution.compute(model)
      exactOf[model] = d
      return d
    }
    // The totals and the sides usually share a model, and so a histogram: read it once.
    var simulatedOf: [GameModel: ScoreDistribution] = [:]
    func simulatedDistribution(_ model: GameModel, _ h: JointScoreHistogram) -> ScoreDistribution {
      if let d = simulatedOf[model] { return d }
      let d = ScoreDistribution(histogram: h)
      simulatedOf[model] = d
      return d
    }
    var monteCarlo: TotalsSimulationSummary?
    var metrics: TotalsEVMetrics?
    var totalsAdvice: MarketAdvice?
    var bets: [StakeCandidates.Bet] = []
    if let model = p.totalModel, let market = game.markets.total, let h = histograms[model] {
      let summary = TotalsSimulationSummary(
        model: model, market: market, options: options, distribution: simulatedDistribution(model, h),
        histogram: h, elapsedSeconds: elapsedSeconds)
      monteCarlo = summary
      let exactTotals = exactDistribution(model)?.totals.probabilities(line: market.line)
      let advice = MarketAdvice(
        names: (.over, .under), odds: (market.overOdds, market.underOdds),
        simulated: .init(win: summary.pOver, lose: summary.pUnder, push: summary.pPush), simulations: h.games,
        exact: exactTotals.map { .init(win: $0.above, lose: $0.below, push: $0.equal) },
        market: game.markets.totalSource?.marketProbabilities
          ?? MarketProbability.singleBook(market.overOdds, market.underOdds),
        policy: policy.on(.total))
      totalsAdvice = advice
      metrics = TotalsEVMetrics(advice: advice)
      if let best = advice.best {
        bets.append(
          .init(
            market: .total, line: market.line, advice: best,
            bet: ScoreBet(market: .total(line: market.line, over: best.side == .over), odds: best.odds)))
      }
    }
    var spread: SideMarketResult?
    var moneyline: SideMarketResult?
    var marginDistribution: ScoreDistribution?
    if let model = p.marginModel, let h = histograms[model] {
      let simulated = simulatedDistribution(model, h)
      let exactMargin = exactDistribution(model)
      marginDistribution = exactMargin ?? simulated
      let m = game.markets
      spread = m.spread.map {
        SideMarketResult(
          kind: .spread, homeLine: $0.homeLine, homeOdds: $0.homeOdds, awayOdds: $0.awayOdds, margins: simulated.margins,
          exactMargins: exactMargin?.margins, policy: policy, otModel: model.overtime.kind, source: m.spreadSource)
      }
      moneyline = m.moneyline.map {
        SideMarketResult(
          kind: .moneyline, homeLine: nil, homeOdds: $0.homeOdds, awayOdds: $0.awayOdds, margins: simulated.margins,
          exactMargins: exactMargin?.margins, policy: policy, otModel: model.overtime.kind, source: m.moneylineSource)
      }
      if let s = spread, let best = s.advice.best {
        let home = best.side == .home
        bets.append(
          .init(
            market: .spread, line: home ? s.homeLine : s.homeLine.map { -$0 }, advice: best,
            bet: ScoreBet(market: .spread(homeLine: s.homeLine ?? 0, home: home), odds: best.odds)))
      }
      if let ml = moneyline, let best = ml.advice.best {
        bets.append(
          .init(
            market: .moneyline, line: nil, advice: best, bet: ScoreBet(market: .moneyline(home: best.side == .home), odds: best.odds)))
      }
    }
    var result = SlateGameResult(
      game: game, monteCarlo: monteCarlo, evMetrics: metrics, totalsAdvice: totalsAdvice, spread: spread,
      moneyline: moneyline, warnings: p.warnings, failure: nil)
    // In play: the points still to come, from the final score's distribution already at hand
    // (the exact one where computed).
    if let state = game.state, let model = p.totalModel ?? p.marginModel, let h = histograms[model] {
      result.inPlay = InPlayReading(state: state, final: exactDistribution(model) ?? ScoreDistribution(histogram: h))
    }
    // Several bets on one game: their joint outcomes in each final score of the tie model's
    // distribution (every market resolves there).
    let outcomes =
      bets.count > 1 && marginDistribution != nil
      ? ScoreBet.outcomes(bets.map(\.bet), over: marginDistribution!) : []
    result.stakeGroup = StakeCandidates(bets: bets, outcomes: outcomes)
    return result
  }
}

/// The games of one evaluation as their models finish: each game is priced, and handed to
/// `ready`, as soon as all its models are known. Calls come one at a time (the simulator
/// serialises them), and the lock guards against the caller's thread too.
final class SlateStream: @unchecked Sendable {
  private let lock = NSLock()
  private let games: [SlateGame]
  private var plans: [Int: SlateEvaluator.Plan]
  private var priced: [Int: SlateGameResult]
  private var known: [GameModel: JointScoreHistogram]
  private let pricer: Pricer
  private let ready: (@Sendable (SlateGameResult) -> Void)?
  private let start = DispatchTime.now()

  init(
    games: [SlateGame], plans: [Int: SlateEvaluator.Plan], refused: [Int: SlateGameResult],
    known: [GameModel: JointScoreHistogram], pricer: Pricer, ready: (@Sendable (SlateGameResult) -> Void)?
  ) {
    self.games = games
    self.plans = plans
    self.priced = refused
    self.known = known
    self.pricer = pricer
    self.ready = ready
  }

  private var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }

  /// A model finished simulating.
  func finished(_ model: GameModel, _ histogram: JointScoreHistogram) {
    lock.lock()
    defer { lock.unlock() }
    known[model] = histogram
    priceReadyGamesLocked()
  }

  func priceReadyGames() {
    lock.lock()
    defer { lock.unlock() }
    priceReadyGamesLocked()
  }

  private func priceReadyGamesLocked() {
    for i in plans.keys.sorted() {
      let p = plans[i]!
      let models = [p.totalModel, p.marginModel].compactMap { $0 }
      guard models.allSatisfy({ known[$0] != nil }) else { continue }
      let r = pricer.price(games[i], p, histograms: known, elapsedSeconds: elapsed)
      priced[i] = r
      plans[i] = nil
      ready?(r)
    }
  }

  /// Every game's result in input order, and the time the evaluation took.
  func collect() -> ([SlateGameResult], Double) {
    lock.lock()
    defer { lock.unlock() }
    precondition(plans.isEmpty, "a game was left unpriced")
    return (games.indices.map { priced[$0]! }, elapsed)
  }
}

/// The result of one evaluation of a slate.
public struct SlateEvaluation: Sendable {
  /// One result per game, in input order.
  public let games: [SlateGameResult]
  /// Models simulated by this evaluation (models kept from an earlier one are not counted).
  public let simulatedModels: Int
  /// Wall time of the simulation.
  public let elapsedSeconds: Double
  /// The slate's stakes added up, a fraction of bankroll; whether they were scaled down to the
  /// exposure cap.
  public let totalExposure: Double
  public let scaledToCap: Bool

  public var failedCount: Int { games.filter(\.failed).count }
}
