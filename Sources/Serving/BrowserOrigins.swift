import HTTPTypes
import Hummingbird

/// CORS for the configured browser origins (`serve --cors-origin`, the agent's web front end
/// `http://localhost:3000` by default): their requests get Hummingbird's CORS headers and their
/// preflights (`OPTIONS`) its answer; any other origin gets none, so a browser page elsewhere
/// cannot read the answers. (Hummingbird's own list takes its origins as variadic arguments, so
/// the list is checked here and the library answers.)
struct BrowserOrigins<Context: RequestContext>: RouterMiddleware {
  let origins: Set<String>
  let cors = CORSMiddleware<Context>(
    allowOrigin: .originBased,
    allowHeaders: [.accept, .contentType, .origin, .authorization, HTTPField.Name("X-API-Key")!, HTTPField.Name("X-Request-ID")!],
    allowMethods: [.get, .post, .head, .options],
    exposedHeaders: ["X-Request-ID", "Retry-After"],
    maxAge: .seconds(600))

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    guard let origin = request.headers[.origin], origins.contains(origin) else {
      return try await next(request, context)
    }
    return try await cors.handle(request, context: context, next: next)
  }
}
