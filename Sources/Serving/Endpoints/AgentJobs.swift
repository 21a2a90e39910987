import Foundation
import LineFeeds
import Renderers
import ServiceContracts
import UseCases

/// A request that has been read and validated, ready to run: what it costs in simulated games
/// (game paths for a simulation, their equivalent for the odds library; for admission, the
/// ceiling and the metrics) and the work that answers it.
struct SimulationJob: Sendable {
  let cost: Int
  let run: @Sendable () throws -> Data
}

/// The agent's simulate and batch requests, validated into jobs. Every refused value is named.
enum AgentJobs {
  /// The number fields of a batch game that the agent's clients may send as strings.
  static let batchGameFields = FieldTypes(
    fields: [
      "home_ppg", "home_opp_ppg", "away_ppg", "away_opp_ppg", "home_std_dev", "away_std_dev", "total_line", "home_projection",
      "away_projection",
    ].map { ($0, .number) } + [("over_odds", .price), ("under_odds", .price)])

  /// A batch game's fields the agent takes as null (their default; a null line is "no line").
  static let batchNullable: Set<String> = ["home_std_dev", "away_std_dev", "total_line", "over_odds", "under_odds"]
  /// ... and those it takes as 0 for their default too (its code read them `x or default`).
  static let batchZeroIsDefault: Set<String> = ["home_std_dev", "away_std_dev", "over_odds", "under_odds"]

  /// A simulate body, read as the agent's pydantic reads it, with the prices that look American.
  static func simulateRequest(_ sent: Data) throws(APIError) -> (SimulateRequest, [AmbiguousPrice]) {
    // A body of plain JSON types without a null (what clients send) decodes as it is; only the
    // others pay for pydantic's lax reading (a parse and a rewrite, about the decode's cost again).
    if sent.range(of: Data("null".utf8)) == nil, let plain = try? PriceNotices.collect({ try SimulateRequest.decode(sent) }) {
      return plain
    }
    let (body, nulls) = LaxJSON.coerce(sent, fields: SimulateRequest.fieldTypes)
    if !nulls.isEmpty { throw APIError.invalid(nulls) }
    do { return try PriceNotices.collect { () throws(InputDecodingError) in try SimulateRequest.decode(body) } } catch {
      throw Problems.decoding(error, body: body, fields: SimulateRequest.fieldTypes)
    }
  }

  static func simulate(_ sent: Data, configuration: ServerConfiguration) throws(APIError) -> SimulationJob {
    let (request, ambiguous) = try simulateRequest(sent)
    var problems = Problems()
    // Each price on its own, then the line, so every bad field of the market is named at once.
    for problem in request.checkedMarket().problems { problems.add(problem) }
    let model = request.model(base: configuration.pricing.model)
    for problem in model.problems() { problems.add(problem) }
    problems.checkSimulations(request.nSims, field: "n_sims", ceiling: configuration.maxSimulations)
    try problems.throwIfAny()
    // The same mapping of the request as `mcsim run --request`'s (`SimulateRequest.pricing`).
    var pricing: GamePricingRequest
    do {
      pricing = try request.pricing(
        base: model, overOdds: nil, underOdds: nil,
        options: .init(simulations: request.nSims, seed: configuration.seed, threads: configuration.threadsPerRequest))
    } catch { throw APIError.invalid(error) }
    (pricing.policy, pricing.exact, pricing.reportExact, pricing.sensitivityExact) = (
      configuration.pricing.advice, request.includeExact, request.includeExact, request.includeExact
    )
    pricing.periodModel = configuration.pricing.periods
    for problem in pricing.inPlayProblems() { problems.add(problem) }
    try problems.throwIfAny()
    // The whole request's work, scenarios and sensitivity included, is bounded before it starts.
    if pricing.cost > configuration.maxTotalSimulations {
      throw APIError.invalid(
        field: "n_sims", value: "\(request.nSims) (\(pricing.cost) game paths with scenarios, sensitivity and exact)",
        message:
          "the request's total simulations must be at most \(configuration.maxTotalSimulations), this server's ceiling (--max-total-sims); lower n_sims or leave out scenarios or sensitivity"
      )
    }
    pricing.agentAdvice = configuration.pricing.agentAdvice
    let job = pricing
    return SimulationJob(cost: job.cost) {
      try JSONResponse.encode(SuccessEnvelope(SimulateAnswer(try GamePricing.price(job)), warnings: ambiguous.map(PriceWarningText.message)))
    }
  }

  /// A batch body, read as the agent's pydantic reads it (null for a game's sds, line and
  /// prices: their defaults), its games over the server's model.
  static func batchFile(_ sent: Data, configuration: ServerConfiguration) throws(APIError) -> (SlateFile, [AmbiguousPrice]) {
    let (body, nulls) = LaxJSON.coerce(
      sent, fields: SlateFile.fieldTypes, items: ["games": batchGameFields], itemNullable: batchNullable,
      itemZeroIsDefault: batchZeroIsDefault)
    if !nulls.isEmpty { throw APIError.invalid(nulls) }
    do {
      return try PriceNotices.collect { () throws(InputDecodingError) in
        try SlateFile.decode(body, base: configuration.pricing.model)
      }
    } catch {
      throw Problems.decoding(error, body: body, fields: SlateFile.fieldTypes)
    }
  }

  static func batch(_ sent: Data, configuration: ServerConfiguration) throws(APIError) -> SimulationJob {
    let (file, ambiguous) = try batchFile(sent, configuration: configuration)
    let n = file.nSims ?? Defaults.simulations
    try batchProblems(file, simulations: n, configuration: configuration).throwIfAny()
    let slate = SlateAssembly.fromEntries(file.entries)
    let request = SlatePricingRequest(games: slate.games, periodModel: configuration.pricing.periods)
    let exact = file.includeExact ?? Defaults.exactOnServer
    return SimulationJob(cost: request.cost(simulations: n, exact: exact)) {
      var pricing = SlatePricing(
        options: .init(simulations: n, seed: file.seed ?? configuration.seed, threads: configuration.threadsPerRequest),
        policy: configuration.pricing.advice, exact: exact, agentAdvice: configuration.pricing.agentAdvice)
      let priced = try pricing.price(request)
      let options = pricing.options
      var response = SlateResponse(
        priced, options: options, unmatched: slate.unmatched,
        methodology: .init(base: configuration.pricing.model, options: options, projections: .given, advice: configuration.pricing.advice),
        inputs: .init(slate: "request body", odds: nil, stats: nil))
      response.warnings = ambiguous.map(PriceWarningText.message)
      return try JSONResponse.encode(response)
    }
  }

  /// Every problem of a batch at once: its shared model, `n_sims` and the whole request's cost
  /// (games x n_sims; the number of games is bounded by the route, before the body is decoded). The request-level model applies to every game: an
  /// invalid one is the request's fault (422), while a game's own bad data stays that game's
  /// error and the others are still evaluated.
  static func batchProblems(_ file: SlateFile, simulations n: Int, configuration: ServerConfiguration) -> Problems {
    var problems = Problems()
    for problem in file.model.problems(on: configuration.pricing.model) { problems.add(problem) }
    problems.checkSimulations(n, field: "n_sims", ceiling: configuration.maxSimulations)
    let (total, overflow) = n.multipliedReportingOverflow(by: file.entries.count)
    if n >= 1, overflow || total > configuration.maxTotalSimulations {
      problems.add(
        "n_sims", "\(n) x \(file.entries.count) games",
        "the request's total simulations (games x n_sims) must be at most \(configuration.maxTotalSimulations), this server's ceiling (--max-total-sims)"
      )
    }
    return problems
  }
}

/// The problems of one request, gathered so the 422 names every field at once.
struct Problems {
  private(set) var list: [APIError.Problem] = []

  /// Problems of query parameters say so (`"in": "query"`); the rest are the body's.
  var location = "body"

  mutating func add(_ field: String, _ value: String, _ message: String) {
    list.append(.init(field: field, value: value, message: message, location: location))
  }

  mutating func add(_ error: any FieldProblem) { add(error.field, error.value, error.reason) }

  mutating func checkSimulations(_ n: Int, field: String, ceiling: Int) {
    if n < 1 { add(field, "\(n)", "must be at least 1") }
    if n > ceiling { add(field, "\(n)", "must be at most \(ceiling), this server's ceiling") }
  }

  func throwIfAny() throws(APIError) {
    if !list.isEmpty { throw APIError.invalid(list) }
  }

  /// A body that did not decode: every field of the wrong type or missing, each with the value
  /// the body gave it (the decoder stops at the first, and names no field for a fractional
  /// integer); else the field the decoder stopped at; "body" only when the JSON is malformed.
  static func decoding(_ error: InputDecodingError, body: Data, fields: FieldTypes) -> APIError {
    if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] {
      let found = fields.problems(in: object)
      if !found.isEmpty { return APIError.invalid(found) }
    }
    guard let field = error.field else {
      return APIError.invalid(field: "body", value: "", message: error.description)
    }
    return APIError.invalid([.init(field: field, sent: sent(at: error.codingPath, in: body), message: error.description)])
  }

  /// What the client sent at `path` in `body` ("" when absent), as far as an answer quotes it.
  static func sent(at path: [String], in body: Data) -> JSONExcerpt {
    guard var node = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else { return JSONExcerpt("") }
    for key in path {
      if let object = node as? [String: Any], let next = object[key] {
        node = next
      } else if let array = node as? [Any], let i = Int(key), array.indices.contains(i) {
        node = array[i]
      } else {
        return JSONExcerpt("")
      }
    }
    return JSONExcerpt(node)
  }

}
