import Foundation
import Hummingbird

/// `POST /api/odds/devig` and `POST /api/odds/fair`.
struct OddsRoutes {
  let server: MCSimServer

  func add(to router: OperationRouter) {
    router.on(ServerOperations.devig) { request, context in
      let job = try OddsJobs.devig(try await server.body(of: request))
      return JSONResponse.make(.ok, data: try await server.compute(cost: job.cost, for: context, job.run))
    }
    router.on(ServerOperations.fair) { request, context in
      let body = try await server.body(of: request)
      let q = request.uri.queryParameters
      let job = try OddsJobs.fair(body, sharp: q.get("sharp"), method: q.get("method"), asOf: q.get("as_of"))
      return JSONResponse.make(.ok, data: try await server.compute(cost: job.cost, for: context, job.run))
    }
  }
}
