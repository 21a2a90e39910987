import Foundation
import LineFeeds
import OddsMath
import ServiceContracts
import Simulation

/// A request that has been read and validated, ready to run on the simulation pool: how many
/// game paths it simulates (for the ceiling and the metrics) and the work that answers it.
struct SimulationJob: Sendable {
  let paths: Int
  let run: @Sendable () throws -> Data
}

/// The agent's simulate and batch requests, validated into jobs. Every refused value is named.
enum AgentJobs {
  static func simulate(_ body: Data, configuration: ServerConfiguration) throws(APIError) -> SimulationJob {
    let request: SimulateRequest
    do { request = try SimulateRequest.decode(body) } catch { throw Problems.decoding(error) }
    var problems = Problems()
    let market = problems.check { () throws(InputError) in try request.market() }
    let model = request.model(base: GameModel(homeMean: 0, awayMean: 0))
    problems.check { () throws(InputError) in try model.validate() }
    problems.checkSimulations(request.nSims, field: "n_sims", ceiling: configuration.maxSimulations)
    try problems.throwIfAny()
    let options = SimulationOptions(
      simulations: request.nSims, seed: configuration.seed, threads: configuration.threadsPerRequest)
    let wantScenarios = request.includeScenarios, wantSensitivity = request.includeSensitivity
    var paths = request.nSims
    if wantScenarios { paths += 9 * max(1, request.nSims / 2) }
    if wantSensitivity { paths += 8 * request.nSims }
    return SimulationJob(paths: paths) {
      let start = DispatchTime.now()
      let histogram = try GameSimulator.simulate(model, options: options)
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
      let report = GameReport(
        model: model, market: market!, kelly: KellyPolicy(), options: options, histogram: histogram,
        exact: nil, elapsedSeconds: elapsed,
        scenarios: wantScenarios ? try TotalsScenarios(model: model, line: market!.line, options: options) : nil,
        sensitivity: wantSensitivity ? try TotalsSensitivity(model: model, line: market!.line, options: options) : nil)
      return try JSONResponse.encode(SuccessEnvelope(report))
    }
  }

  static func batch(_ body: Data, configuration: ServerConfiguration) throws(APIError) -> SimulationJob {
    let file: SlateFile
    do { file = try SlateFile.decode(body, base: GameModel(homeMean: 0, awayMean: 0)) } catch {
      throw Problems.decoding(error)
    }
    var problems = Problems()
    let n = file.nSims ?? 10_000
    problems.checkSimulations(n, field: "n_sims", ceiling: configuration.maxSimulations)
    if file.entries.count > 500 {
      problems.add("games", "\(file.entries.count) games", "at most 500 games per batch")
    }
    try problems.throwIfAny()
    let options = SimulationOptions(
      simulations: n, seed: file.seed ?? configuration.seed, threads: configuration.threadsPerRequest)
    let slate = SlateAssembly.fromFile(file)
    return SimulationJob(paths: n * slate.games.count) {
      var evaluator = SlateEvaluator(options: options)
      let evaluation = try evaluator.evaluate(slate.games)
      let response = SlateResponse(
        evaluation: evaluation, options: options, unmatched: slate.unmatched,
        methodology: .init(base: GameModel(homeMean: 0, awayMean: 0), options: options, projectionFromStats: false),
        inputs: .init(slate: "request body", odds: nil, stats: nil))
      return try JSONResponse.encode(response)
    }
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

  @discardableResult
  mutating func check<T>(_ body: () throws(InputError) -> T) -> T? {
    do { return try body() } catch {
      switch error {
      case .invalid(let field, let value, let reason): add(field, value, reason)
      }
      return nil
    }
  }

  mutating func checkSimulations(_ n: Int, field: String, ceiling: Int) {
    if n < 1 { add(field, "\(n)", "must be at least 1") }
    if n > ceiling { add(field, "\(n)", "must be at most \(ceiling), this server's ceiling") }
  }

  func throwIfAny() throws(APIError) {
    if !list.isEmpty { throw APIError.invalid(list) }
  }

  static func decoding(_ error: InputDecodingError) -> APIError {
    APIError.invalid(field: "body", value: "", message: error.description)
  }
}
