import HTTPTypes
import Hummingbird

/// What HTTP/1.1 asks of every request before a route sees it: exactly one Host header (400
/// otherwise, RFC 9112 section 3.2; HTTP/1.0 may leave it out), as counted on the connection
/// (`HostCount`). HEAD is answered wherever GET is (the router's own, `MCSimServer.router`).
struct HTTPConformance<Context: RequestContext>: RouterMiddleware {
  static var hostCount: HTTPField.Name { HTTPField.Name(HostCount.field)! }

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    if let hosts = request.headers[Self.hostCount] {
      throw APIError(.badRequest, hosts == "0" ? "the request has no Host header" : "the request has \(hosts) Host headers; give one")
    }
    return try await next(request, context)
  }
}
