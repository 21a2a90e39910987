import Foundation
import Hummingbird
import Renderers

/// The pages a bettor opens in a browser (`GET /`): server-rendered HTML from the same live
/// snapshot and contracts as the JSON endpoints, behind the same key (taken as a Basic password,
/// which a browser asks for) and the same limits. No pricing here: the page renders what the
/// snapshot holds.
struct PageRoutes {
  let server: MCSimServer

  func add(to router: OperationRouter) {
    router.on(ServerOperations.board) { request, _ in
      let order = try Self.order(request)
      let (snapshot, status) = try await server.liveSnapshot()
      return Self.html(BoardPage.html(snapshot.tonight, source: status, order: order))
    }
  }

  static func order(_ request: Request) throws(APIError) -> BoardPage.Order {
    guard let given = request.uri.queryParameters.get("sort") else { return .start }
    guard let order = BoardPage.Order(rawValue: given) else {
      let names = BoardPage.Order.allCases.map(\.rawValue).joined(separator: ", ")
      throw APIError.invalid([.init(field: "sort", value: given, message: "must be one of \(names)", location: "query")])
    }
    return order
  }

  /// A page's answer: HTML, never cached (the lines move), and kept in its own frame.
  static func html(_ page: String) -> Response {
    Response(
      status: .ok,
      headers: [
        .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
        .contentSecurityPolicy: "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'",
      ],
      body: .init(byteBuffer: ByteBuffer(string: page)))
  }
}
