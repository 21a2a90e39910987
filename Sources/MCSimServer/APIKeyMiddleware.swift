import Foundation
import HTTPTypes
import Hummingbird

/// `serve --api-keys FILE`: every `/api/` route answers 401 unless the request's `X-API-Key` is
/// one of the file's keys (the FairBet client sends one on every call and treats 401 on its
/// own). `/health`, `/openapi.json` and `/metrics` stay open; CORS preflights pass (a browser
/// sends no key on them). Keys are compared in constant time and never logged or echoed.
struct APIKeyMiddleware<Context: RequestContext>: RouterMiddleware {
  let keys: [[UInt8]]

  init(keys: Set<String>) { self.keys = keys.map { Array($0.utf8) } }

  static var header: HTTPField.Name { HTTPField.Name("X-API-Key")! }

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    guard Self.isGuarded(request.uri.path), request.method != .options else {
      return try await next(request, context)
    }
    guard let given = request.headers[Self.header], accepts(Array(given.utf8)) else {
      throw APIError(.unauthorized, "missing or invalid X-API-Key")
    }
    return try await next(request, context)
  }

  /// Whether `path` is under `/api/` as the router reads it: the router skips empty segments, so
  /// `//api/x` reaches `/api/x` and must be guarded alike.
  static func isGuarded(_ path: String) -> Bool {
    path.split(separator: "/", omittingEmptySubsequences: true).first == "api"
  }

  /// Whether `given` is a key, looking at every key and every byte whatever matches.
  func accepts(_ given: [UInt8]) -> Bool {
    var found = false
    for key in keys {
      var diff: UInt8 = key.count == given.count ? 0 : 1
      for i in 0..<key.count { diff |= key[i] ^ (i < given.count ? given[i] : 0) }
      found = found || diff == 0
    }
    return found
  }
}

/// The keys of an `--api-keys` file: one a line; blank lines and `#` comments skipped, spaces
/// trimmed.
public enum APIKeys {
  public static func parse(_ text: String) -> Set<String> {
    Set(
      text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty && !$0.hasPrefix("#") })
  }
}
