import Foundation
import Hummingbird

/// `POST /api/odds/devig` and `POST /api/odds/fair`.
struct OddsRoutes {
  let server: MCSimServer

  func add(to router: Router<BasicRequestContext>) {
    router.post("/api/odds/devig") { request, _ in
      let body = try await server.body(of: request)
      return JSONResponse.make(.ok, data: try OddsJobs.devig(body))
    }
    router.post("/api/odds/fair") { request, _ in
      let body = try await server.body(of: request)
      let q = request.uri.queryParameters
      return JSONResponse.make(
        .ok, data: try OddsJobs.fair(body, sharp: q.get("sharp"), method: q.get("method"), asOf: q.get("as_of")))
    }
  }
}
