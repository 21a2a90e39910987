import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOHTTP1
import UseCases

/// Wraps every route: gives each request an id (the client's `X-Request-ID`, or a new one, sent
/// back in the response), turns every error into its JSON answer (an unknown internal error
/// becomes a 500 that says only the request id, the details go to the log), and records the
/// request's latency in the log and the metrics.
struct ServiceMiddleware<Context: RequestContext>: RouterMiddleware {
  let metrics: ServerMetrics

  static var requestIDField: HTTPField.Name { HTTPField.Name("X-Request-ID")! }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let start = ContinuousClock.now
    let requestID = request.headers[Self.requestIDField].flatMap { Self.isSafeRequestID($0) ? $0 : nil } ?? context.id
    var response: Response
    do {
      response = try await next(request, context)
    } catch {
      let apiError = Self.apiError(error, request: request)
      if apiError.status == .internalServerError {
        context.logger.error(
          "internal error", metadata: ["request_id": "\(requestID)", "error": "\(String(reflecting: error))"])
      }
      if apiError.status == .serviceUnavailable, error is SimulationPool.PoolError { metrics.refusedBusy() }
      response = JSONResponse.make(
        apiError.status, data: (try? JSONResponse.encode(apiError.body(requestID: requestID))) ?? Data(), headers: apiError.headers)
    }
    response.headers[Self.requestIDField] = requestID
    let elapsed = ContinuousClock.now - start
    let route = context.endpointPath ?? "unmatched"
    metrics.record(
      route: route, method: request.method.rawValue, status: Int(response.status.code), duration: elapsed)
    context.logger.info(
      "\(request.method) \(request.uri.path) \(response.status.code)",
      metadata: [
        "request_id": "\(requestID)",
        "latency_ms": "\(Self.milliseconds(elapsed))",
      ])
    return response
  }

  /// A client's `X-Request-ID` is kept when it is 1 to 128 letters, digits, `-`, `_`, `.` or `:`;
  /// anything else (spaces, quotes, `=`: text that could forge a log line's fields) gets a new id.
  static func isSafeRequestID(_ id: String) -> Bool {
    !id.isEmpty && id.utf8.count <= 128
      && id.utf8.allSatisfy { c in
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2D || c == 0x5F
          || c == 0x2E || c == 0x3A
      }
  }

  /// A latency in milliseconds to the microsecond ("12.345"), without Foundation's formatter,
  /// which cost a request more than its log line's write.
  static func milliseconds(_ d: Duration) -> String {
    let us = max(0, Int((d / .microseconds(1)).rounded()))
    let fraction = us % 1000
    return "\(us / 1000)." + (fraction < 10 ? "00" : fraction < 100 ? "0" : "") + "\(fraction)"
  }

  /// Every error a handler or the framework may throw, as the answer the client gets.
  static func apiError(_ error: any Error, request: Request) -> APIError {
    switch error {
    case let e as APIError:
      return e
    case let e as any FieldProblem:
      // A value refused by the engine that the request checks did not catch: still the client's.
      return .invalid(e)
    case SimulationPool.PoolError.clientGone:
      return APIError(.init(code: 499, reasonPhrase: "Client Closed Request"), "the client closed the connection before its job started")
    case SimulationPool.PoolError.busy(let retryAfter):
      return .unavailable("the simulation pool is full; try again shortly", retryAfter: retryAfter)
    case SimulationPool.PoolError.clientAtCap(let limit):
      var e = APIError(
        .tooManyRequests,
        "this client address has \(limit) simulations running or waiting, the most one address may (--max-in-flight-per-client); send this one when one of them has finished"
      )
      e.headers[.retryAfter] = "1"
      return e
    case is HTTPParserError:
      return .badFraming(error)
    case let e as HTTPError:
      switch e.status {
      case .notFound:
        if let allowed = RouteTable.allowed(request.uri.path), !allowed.contains(request.method.rawValue) {
          var e = APIError(
            .methodNotAllowed, "\(request.method) is not allowed on \(request.uri.path): \(allowed.joined(separator: ", "))")
          e.headers[.allow] = allowed.joined(separator: ", ")
          return e
        }
        return APIError(.notFound, "no endpoint \(request.method) \(request.uri.path); see GET /openapi.json")
      case .contentTooLarge:
        return APIError(.contentTooLarge, "request body too large")
      default:
        return APIError(e.status, e.body ?? e.status.reasonPhrase)
      }
    default:
      return .internal
    }
  }
}
