import Foundation
import OddsMath
import ServiceContracts
import Serving
import Simulation
import UseCases

extension BenchmarkSuite {
  /// One simulate request of the load test (10^4 games, no optional blocks) taken apart on one
  /// thread: the simulation, the report built from its histogram, and the JSON body, each timed
  /// on its own against the simulation (the baseline). The server's own cost per request is what
  /// `serve` measures beyond their sum. The simulation is measured as a fresh process allocates
  /// (glibc maps each large histogram anew, and every request pays its page faults) and then as
  /// the server runs, with `HeapTuning` keeping those blocks in the heap; the JSON body as
  /// Foundation's `JSONEncoder` writes it, as the contracts' compact writer does through Codable, and
  /// as the contracts write it directly (`ContractValue`, what the server sends).
  static let request = BenchmarkSuite(name: "request") { context in
    let model = GameModel(homeMean: 115, awayMean: 112)
    let market = TotalsMarket(line: 225.5, overOdds: try! Odds(decimal: 1.91), underOdds: try! Odds(decimal: 1.91))
    let options = SimulationOptions(simulations: 10_000, seed: 7, threads: 1)
    let repeats = context.quick ? 201 : 1001
    let simulation = BenchmarkContext.time(repeats: repeats, perItem: 1e6) {
      _ = try! GameSimulator.simulate(model, options: options)
    }
    let freshMs = BenchmarkContext.median(simulation)
    context.record(suite: "request", name: "simulation, 10^4 games, fresh pages", unit: "ms", samples: simulation)
    HeapTuning.keepLargeBlocksInHeap()
    let reused = BenchmarkContext.time(repeats: repeats, perItem: 1e6) {
      _ = try! GameSimulator.simulate(model, options: options)
    }
    let simulationMs = BenchmarkContext.median(reused)
    context.record(
      suite: "request", name: "simulation, heap kept (baseline)", unit: "ms", samples: reused,
      baseline: ("fresh pages", freshMs))
    let body = Data(ServeLoad.simulateBody.utf8)
    let decode = BenchmarkContext.time(repeats: repeats, perItem: 1e6) { _ = try! SimulateRequest.decode(body) }
    context.record(
      suite: "request", name: "request body decoded (\(body.count) bytes)", unit: "ms", samples: decode,
      baseline: ("the simulation", simulationMs))
    let histogram = try! GameSimulator.simulate(model, options: options)
    func report() -> GameReport {
      GameReport(
        model: model, market: market, policy: AdvicePolicy(), options: options, histogram: histogram, exact: nil,
        elapsedSeconds: 0.001)
    }
    let build = BenchmarkContext.time(repeats: repeats, perItem: 1e6) { _ = report() }
    context.record(
      suite: "request", name: "report from the histogram", unit: "ms", samples: build,
      baseline: ("the simulation", simulationMs))
    let built = report()
    let foundation = BenchmarkContext.time(repeats: repeats, perItem: 1e6) {
      _ = try! ContractJSON.encoder(.compact).encode(SuccessEnvelope(built))
    }
    let foundationMs = BenchmarkContext.median(foundation)
    context.record(
      suite: "request", name: "JSON body, Foundation's JSONEncoder", unit: "ms", samples: foundation,
      baseline: ("the simulation", simulationMs))
    func throughCodable(_ value: some Encodable) throws -> Data { try ContractJSON.encode(value) }
    var bytes = 0
    let encode = BenchmarkContext.time(repeats: repeats, perItem: 1e6) {
      bytes = try! throughCodable(SuccessEnvelope(built)).count
    }
    context.record(
      suite: "request", name: "JSON body (\(bytes) bytes), Codable, compact writer", unit: "ms", samples: encode,
      baseline: ("Foundation's", foundationMs))
    let direct = BenchmarkContext.time(repeats: repeats, perItem: 1e6) {
      bytes = try! ContractJSON.encode(SuccessEnvelope(built)).count
    }
    context.record(
      suite: "request", name: "JSON body (\(bytes) bytes), written directly", unit: "ms", samples: direct,
      baseline: ("Foundation's", foundationMs))

    // The request the agent's clients send (Scenarios/simulate_request.json): the same game
    // with scenarios and sensitivity, and each block alone, against the lean simulation.
    func priced(scenarios: Bool, sensitivity: Bool) -> [Double] {
      let request = GamePricingRequest(
        model: model, market: market, options: options, policy: AdvicePolicy(), exact: false, reportExact: false,
        scenarios: scenarios, sensitivity: sensitivity)
      return BenchmarkContext.time(repeats: context.quick ? 51 : 201, perItem: 1e6) { _ = try! GamePricing.price(request) }
    }
    for (name, scenarios, sensitivity) in [
      ("scenarios alone", true, false), ("sensitivity alone", false, true), ("agent's default request (both)", true, true),
    ] {
      context.record(
        suite: "request", name: name, unit: "ms", samples: priced(scenarios: scenarios, sensitivity: sensitivity),
        baseline: ("the simulation", simulationMs))
    }
  }
}
