import Foundation
import HTTPTypes
import Hummingbird

/// `serve --api-keys FILE`: every `/api/` route and every page answers 401 unless the request's
/// `X-API-Key` is one of the file's keys (the FairBet client sends one on every call and treats
/// 401 on its own), or, from a browser, a Basic password that is. `/health`, `/openapi.json` and `/metrics` stay open; CORS preflights pass (a browser
/// sends no key on them). Keys are compared in constant time and never logged or echoed.
struct APIKeyMiddleware<Context: RequestContext>: RouterMiddleware {
  let keys: [[UInt8]]

  init(keys: Set<String>) { self.keys = keys.map { Array($0.utf8) } }

  static var header: HTTPField.Name { HTTPField.Name("X-API-Key")! }
  static var fetchSite: HTTPField.Name { HTTPField.Name("Sec-Fetch-Site")! }

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    guard Self.isGuarded(request.uri.path), request.method != .options else {
      return try await next(request, context)
    }
    if let given = request.headers[Self.header], accepts(Array(given.utf8)) {
      return try await next(request, context)
    }
    // A browser cannot send X-API-Key: it asks for a Basic password (the key) and sends it with
    // the site's requests, the pages' refresh included. A browser also sends it with requests
    // other sites make it send, so the password reads only (GET and HEAD: no POST can be forged
    // with it) and never on a request the browser marks as from another site.
    let browserReadable = request.method == .get || request.method == .head
    let crossSite = request.headers[Self.fetchSite] == "cross-site"
    if browserReadable, !crossSite, let password = Self.basicPassword(request.headers[.authorization]),
      accepts(Array(password.utf8))
    {
      return try await next(request, context)
    }
    var refused = APIError(.unauthorized, "missing or invalid X-API-Key (a browser: the key as the password)")
    // The password is asked for on the pages, and on the pages' own refresh (a same-origin
    // fetch), which the browser then retries with the password it holds; an API client, which
    // sends no Sec-Fetch-Site, is never asked.
    if browserReadable, !crossSite,
      Self.isPage(request.uri.path) || request.headers[Self.fetchSite] == "same-origin"
    {
      refused.headers[.wwwAuthenticate] = #"Basic realm="mcsim", charset="UTF-8""#
    }
    throw refused
  }

  /// Whether `path` is guarded as the router reads it (the router skips empty segments, so
  /// `//api/x` reaches `/api/x` and must be guarded alike): everything under `/api/`, and the
  /// pages.
  static func isGuarded(_ path: String) -> Bool {
    path.split(separator: "/", omittingEmptySubsequences: true).first == "api" || isPage(path)
  }

  /// The board's pages: `/`, `/fairbet`, `/game/{id}`.
  static func isPage(_ path: String) -> Bool {
    let parts = path.split(separator: "/", omittingEmptySubsequences: true)
    return parts.isEmpty || parts.first == "fairbet" || parts.first == "game"
  }

  /// The password of an `Authorization: Basic` header (the user name is not read).
  static func basicPassword(_ header: String?) -> String? {
    guard let header, header.lowercased().hasPrefix("basic "),
      let decoded = Data(base64Encoded: String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
      let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":")
    else { return nil }
    return String(text[text.index(after: colon)...])
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
package enum APIKeys {
  package static func parse(_ text: String) -> Set<String> {
    Set(
      text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty && !$0.hasPrefix("#") })
  }
}
