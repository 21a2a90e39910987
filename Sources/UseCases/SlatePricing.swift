import OddsMath
import Simulation

/// The games of one slate to price: `mcsim slate`, `POST /api/monte-carlo/batch` and the live
/// tonight snapshot.
package struct SlatePricingRequest: Sendable {
  package var games: [SlateGame]
  /// Also simulate the games together with teams of different games correlated by this (a
  /// shared scoring environment): the distribution of the number of overs that hit.
  package var leagueFactor: Double?
  /// With a league factor: bets on the slate's games priced jointly.
  package var bets: [SlateBet]?
  /// The quarter model the games' periods (a slate file's `period_lines`) are priced on.
  package var periodModel: PeriodModel?

  package init(games: [SlateGame], leagueFactor: Double? = nil, bets: [SlateBet]? = nil, periodModel: PeriodModel? = nil) {
    self.games = games
    self.leagueFactor = leagueFactor
    self.bets = bets
    self.periodModel = periodModel
  }

  /// The game paths the request simulates at most (what a server admits it by): each game's
  /// two models (the totals' and, when they differ, the margins' tie model), their exact
  /// distributions when grading on them (`ExactCost`), and the joint runs of the league factor.
  package func cost(simulations n: Int, exact: Bool) -> Int {
    func add(_ x: Int, _ y: Int) -> Int { let (s, o) = x.addingReportingOverflow(y); return o ? .max : s }
    var total = 0
    for model in games.compactMap(\.model) {
      let perModel = exact ? add(n, ExactCost.paths(for: model)) : n
      total = add(total, add(perModel, perModel))
    }
    let joint = leagueFactor == nil ? 0 : (bets == nil ? 1 : 2)
    for _ in 0..<joint { total = add(total, n) }
    return total
  }
}

/// A slate priced: every game (in input order), and with a league factor the joint block and
/// the games left out of it.
package struct PricedSlate: Sendable {
  package var evaluation: SlateEvaluation
  package var leagueFactor: SlateFactor?
  /// Games with a total line that did not price, so were left out of the joint simulation.
  package var leftOut: [String]
  /// The games as the betting agent's answers show them, by the pricing's rules
  /// (`SlatePricing.agentAdvice`): in input order, or in the agent's tonight order once asked
  /// (`inTonightOrder`).
  package private(set) var agentGames: [AgentSlateGame]

  init(evaluation: SlateEvaluation, leagueFactor: SlateFactor?, leftOut: [String], rules: AgentAdviceRules) {
    self.evaluation = evaluation
    self.leagueFactor = leagueFactor
    self.leftOut = leftOut
    agentGames = evaluation.games.map { AgentSlateGame($0, rules: rules) }
  }

  /// The agent's tonight endpoint's order (`AgentAdvice.byEdge`) for the agent's games.
  package mutating func inTonightOrder() {
    agentGames = AgentAdvice.byEdge(agentGames)
  }
}

/// Prices slates with one set of options and one advice policy. The histograms simulated are
/// kept by model, so pricing the same games again (a watched feed whose lines move) re-prices
/// them and simulates only models not seen before: a verdict changes because a line moved,
/// never because of fresh noise.
package struct SlatePricing: Sendable {
  package let options: SimulationOptions
  package let policy: AdvicePolicy
  package let exact: Bool
  /// Whose rules fill the agent's advice fields of the games (`PricedSlate.agentGames`).
  package let agentAdvice: AgentAdviceRules
  private var evaluator: SlateEvaluator

  /// `exact`: grade on the model's exact probabilities where it has them (`Defaults.exact`).
  /// `exacts`: exact distributions kept from earlier pricings (a live slate's refreshes), so a
  /// game whose model did not change is not computed again (the same numbers, bit for bit).
  package init(
    options: SimulationOptions, policy: AdvicePolicy = Defaults.advice, exact: Bool = Defaults.exact,
    agentAdvice: AgentAdviceRules = .mcsim, exacts: KeptExactDistributions? = nil
  ) {
    self.options = options
    self.policy = policy
    self.exact = exact
    self.agentAdvice = agentAdvice
    evaluator = SlateEvaluator(options: options, policy: policy, exact: exact)
    evaluator.exactCache = exacts?.cache
  }

  /// Prices the request. `ready` hears each game as soon as it is priced (NDJSON output);
  /// `progress` the simulation's share done. One game that cannot be priced is reported for
  /// itself and left out of the joint block, never fatal to the others; the options and the
  /// league factor's own inputs throw, named (`n_sims`, `league_factor`, `bets[i]`, `leg`).
  package mutating func price(
    _ request: SlatePricingRequest, progress: (@Sendable (Double) -> Void)? = nil,
    ready: (@Sendable (SlateGameResult) -> Void)? = nil
  ) throws(InputError) -> PricedSlate {
    if let f = request.leagueFactor, !(f.isFinite && (0...1).contains(f)) {
      throw .invalid(field: "league_factor", value: "\(f)", reason: "must be in [0, 1]")
    }
    if let bets = request.bets, bets.isEmpty {
      throw .invalid(field: "bets", value: "[]", reason: "give at least one bet")
    }
    // Games in play are priced on their final score's model (InPlayPricing); a state the model
    // cannot price is that game's error.
    var priced = request.games
    var live: [Int: InPlayGame] = [:]
    for (i, g) in priced.enumerated() {
      if g.state == nil, g.problem == nil, let refused = Self.livePricesWithoutState(g) { priced[i].problem = refused }
      guard let state = g.state, let m = g.model, g.problem == nil else { continue }
      do throws(InputError) {
        live[i] = try InPlayPricing.live(m, at: state, quarters: request.periodModel)
        priced[i].model = live[i]?.model
      } catch {
        priced[i].model = nil
        priced[i].problem = error.description
      }
    }
    // A period that cannot be priced (no quarter model, started in play) is that game's error.
    // The periods a feed quotes beside them are priced where they can be, the rest said in a note.
    var periods: [Int: [PricedPeriod]] = [:]
    for (i, g) in request.games.enumerated() where !g.periods.isEmpty || !g.quotedPeriods.isEmpty {
      guard let m = g.model, g.problem == nil, priced[i].problem == nil else { continue }
      do throws(InputError) {
        let asked = try PeriodPricing.price(
          g.periods, on: request.periodModel, game: m, live: live[i], policy: policy, field: "period_lines", value: g.id)
        let quoted = PeriodPricing.priceQuoted(g.quotedPeriods, on: request.periodModel, game: m, live: live[i], policy: policy)
        if let note = quoted.note { priced[i].info.notes.append(note) }
        let order = GamePeriod.allCases
        periods[i] = (asked + quoted.priced).sorted { order.firstIndex(of: $0.period)! < order.firstIndex(of: $1.period)! }
        if periods[i]!.isEmpty { periods[i] = nil }
      } catch {
        priced[i].model = nil
        priced[i].problem = error.description
      }
    }
    let evaluation = try evaluator.evaluate(priced, periods: periods, progress: progress, ready: ready)
    guard let factor = request.leagueFactor else {
      return PricedSlate(evaluation: evaluation, leagueFactor: nil, leftOut: [], rules: agentAdvice)
    }
    let failed = Set(evaluation.games.filter(\.failed).map(\.gameID))
    var games: [(name: String, model: GameModel, line: Double)] = []
    var leftOut: [String] = []
    for g in priced {
      guard let total = g.markets.total else { continue }
      guard let m = g.model, g.problem == nil, !failed.contains(g.id), m.problems().isEmpty else {
        leftOut.append("\(g.id) (not priced)")
        continue
      }
      games.append((name: g.id, model: m, line: total.line))
    }
    let legs = try request.bets.map { bets throws(InputError) in try Self.legs(bets, gameNames: games.map(\.name)) }
    let joint = try SlateFactor.evaluate(games: games, factor: factor, bets: legs, options: options)
    return PricedSlate(evaluation: evaluation, leagueFactor: joint, leftOut: leftOut, rules: agentAdvice)
  }

  /// A feed's game whose prices are live (quoted after its start) has no pre-game price to give:
  /// without its state (`--scoreboard`, a slate file's `state`) it is refused, naming the start.
  static func livePricesWithoutState(_ g: SlateGame) -> String? {
    guard g.info.live == true else { return nil }
    let start = g.info.startTime.map { " (started \($0))" } ?? ""
    return "in play\(start): the feed's prices are live, and the pre-game model does not apply (give --scoreboard to price it in play)"
  }

  /// The bets on the games that go together, each named `bets[i]` when refused.
  static func legs(_ bets: [SlateBet], gameNames: [String]) throws(InputError) -> [ParlayLeg] {
    var out: [ParlayLeg] = []
    for (i, bet) in bets.enumerated() {
      guard let id = bet.game, let g = gameNames.firstIndex(of: id) else {
        throw .invalid(
          field: "bets[\(i)].game", value: bet.game ?? "none",
          reason: "must name a game of the slate with a total line that priced: \(gameNames.joined(separator: ", "))")
      }
      var leg = bet.leg
      leg.game = g
      out.append(leg)
    }
    return out
  }
}

extension PricedSlate {
  /// The games whose line or verdict moved since `before` (a watch's later poll).
  package func moves(since before: PricedSlate) -> [LineMove] { LineMove.moves(from: before.evaluation.games, to: evaluation.games) }
}

/// Exact distributions kept from one pricing of a slate to the next (`SlatePricing`'s
/// `exacts`): what a live slate carries from refresh to refresh, so repricing it after a score
/// change computes the exact distribution of the game that changed only. Holds at most the last
/// pricing's models.
package struct KeptExactDistributions: Sendable {
  let cache = ExactDistributionCache()

  package init() {}

  /// How many were computed (not found kept) so far.
  package var computedCount: Int { cache.computedCount }
}
