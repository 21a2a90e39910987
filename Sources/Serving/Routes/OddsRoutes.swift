import Foundation
import Hummingbird

/// `POST /api/odds/devig` and `POST /api/odds/fair`.
struct OddsRoutes {
  let server: MCSimServer

  func add(to router: OperationRouter) {
    router.on(ServerOperations.devig) { request, context in
      let job = try await server.job(of: request, for: context) { try OddsJobs.devig($0) }
      return JSONResponse.make(.ok, data: try await server.compute(cost: job.cost, for: context, job.run))
    }
    router.on(ServerOperations.fair) { request, context in
      let q = request.uri.queryParameters
      let (sharp, method, asOf) = (q.get("sharp"), q.get("method"), q.get("as_of"))
      let job = try await server.job(of: request, for: context) { try OddsJobs.fair($0, sharp: sharp, method: method, asOf: asOf) }
      return JSONResponse.make(.ok, data: try await server.compute(cost: job.cost, for: context, job.run))
    }
  }
}
