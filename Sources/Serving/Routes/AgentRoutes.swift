import Foundation
import Hummingbird
import LineFeeds
import ServiceContracts

/// The betting agent's `POST /api/monte-carlo/simulate` and `POST /api/monte-carlo/batch`
/// (docs/contracts.md, "Betting agent"): its request bodies and defaults, its responses with mcsim's additions.
struct AgentRoutes {
  let server: MCSimServer

  func add(to router: OperationRouter) {
    router.on(ServerOperations.simulate) { request, context in
      let configuration = server.configuration
      let job = try await server.job(of: request, for: context) { try AgentJobs.simulate($0, configuration: configuration) }
      let data = try await server.simulate(paths: job.cost, for: context) { try job.run() }
      return JSONResponse.make(.ok, data: data)
    }
    router.on(ServerOperations.batch) { request, context in
      let configuration = server.configuration
      let job = try await server.job(of: request, for: context, lists: ["games": SlateFile.batchLimit]) {
        try AgentJobs.batch($0, configuration: configuration)
      }
      let data = try await server.simulate(paths: job.cost, for: context) { try job.run() }
      return JSONResponse.make(.ok, data: data)
    }
  }
}
