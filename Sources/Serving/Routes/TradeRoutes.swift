import Foundation
import Hummingbird

/// `POST /api/trade_score` (docs/contracts.md, "AFL trade score"), both the Python API's and the iOS shape.
struct TradeRoutes {
  let server: MCSimServer

  func add(to router: OperationRouter) {
    router.on(ServerOperations.tradeScore) { request, context in
      let query = try tradeQuery(request.uri.queryParameters)
      let (pool, configuration) = (server.tradePool, server.configuration)
      let job = try await server.job(of: request, for: context) {
        try TradeJobs.job(
          $0, query: query, pool: pool, seed: configuration.seed, threads: configuration.threadsPerRequest,
          ceiling: configuration.maxSimulations)
      }
      return JSONResponse.make(.ok, data: try await server.simulate(paths: job.cost, for: context, job.run))
    }
  }

  func tradeQuery(_ parameters: Parameters) throws(APIError) -> TradeQuery {
    var query = TradeQuery()
    var problems = Problems(location: "query")
    if let text = parameters.get("n_sims") {
      if let n = Int(text) { query.simulations = n } else { problems.add("n_sims", text, "must be a whole number") }
    }
    if let text = parameters.get("seed") {
      if let s = UInt64(text) { query.seed = s } else { problems.add("seed", text, "must be a whole number >= 0") }
    }
    if let text = parameters.get("deterministic") {
      switch text.lowercased() {
      case "true", "1": query.deterministic = true
      case "false", "0": query.deterministic = false
      default: problems.add("deterministic", text, "must be true or false")
      }
    }
    try problems.throwIfAny()
    return query
  }
}
