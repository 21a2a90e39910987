import HTTPTypes
import Hummingbird
import ServiceContracts

/// One endpoint as the server registers it and documents it: the same value gives the router
/// its path and method and the OpenAPI document its operation, so the two cannot drift.
struct Operation: Sendable, Hashable {
  let method: HTTPRequest.Method
  let path: String
  let summary: String
  /// The query parameters' OpenAPI objects.
  var parameters: [JSONSchema] = []
  /// The request body's schema (a POST's).
  var body: JSONSchema?
  /// The 200 answer's schema (of its JSON, or of its text for the other media).
  var response: JSONSchema
  var media: Media = .json
  /// The error statuses this operation may answer (each with the `Error` body).
  var errors: [Int] = []

  /// What a 200 answer's body is.
  enum Media: Sendable {
    case json, prometheus, html

    var type: String {
      switch self {
      case .json: "application/json"
      case .prometheus: "text/plain"
      case .html: "text/html"
      }
    }

    var meaning: String {
      switch self {
      case .json: "OK"
      case .prometheus: "Prometheus text exposition"
      case .html: "A page for a browser (server-rendered HTML that works without JavaScript)"
      }
    }
  }

  static func == (a: Operation, b: Operation) -> Bool { a.method == b.method && a.path == b.path }
  func hash(into hasher: inout Hasher) {
    hasher.combine(method.rawValue)
    hasher.combine(path)
  }

  /// A query parameter.
  static func query(_ name: String, _ schema: JSONSchema, _ description: String, required: Bool = false) -> JSONSchema {
    ["name": .string(name), "in": "query", "required": .boolean(required), "schema": schema, "description": .string(description)]
  }

  /// What each error status means, as the document says it.
  static let errorMeanings: [Int: String] = [
    400: "Broken HTTP framing: a body shorter than its Content-Length, a malformed chunk (the connection is closed)",
    401: "Missing or invalid X-API-Key (with --api-keys; the pages also take the key as a Basic password)",
    404: "No such endpoint",
    408: "The body did not arrive within the server's body timeout (--body-timeout)",
    413: "Body over the server's limit (--max-body)",
    422: "Malformed JSON, a wrong type, a missing field or an invalid value: each named",
    429: "This client address already has --max-in-flight-per-client heavy jobs running or waiting (Retry-After: 1)",
    503: "The simulation pool is full (Retry-After says when to retry), or no source is configured",
  ]

  /// The operation's OpenAPI object; a simulation count parameter (`n_sims`) bounded by the
  /// server's `maxSimulations`. Every `/api/` operation and every page may answer 401 (with
  /// `--api-keys`).
  func document(maxSimulations: Int) -> JSONSchema {
    func json(_ schema: JSONSchema, _ description: String) -> JSONSchema {
      ["description": .string(description), "content": ["application/json": ["schema": schema]]]
    }
    var responses: [String: JSONSchema] = [
      "200": media == .json
        ? json(response, "OK")
        : ["description": .string(media.meaning), "content": [media.type: ["schema": .anyString]]]
    ]
    let statuses = Set(errors + (path.hasPrefix("/api/") || media == .html ? [401] : []))
    for status in statuses {
      // A page's own refusals are pages (`ErrorPage`); the key check before it answers JSON.
      responses[String(status)] =
        media == .html && status != 401
        ? ["description": .string(Self.errorMeanings[status] ?? ""), "content": [media.type: ["schema": .anyString]]]
        : json(.ref("Error"), Self.errorMeanings[status] ?? "")
    }
    var out: [String: JSONSchema] = ["summary": .string(summary), "responses": .object(responses)]
    let bounded = parameters.map { parameter in
      guard parameter["name"] == "n_sims", let schema = parameter["schema"] else { return parameter }
      return parameter.with(["schema": schema.with(["maximum": .integer(maxSimulations)])])
    }
    if !bounded.isEmpty { out["parameters"] = .array(bounded) }
    if let body { out["requestBody"] = ["required": true, "content": ["application/json": ["schema": body]]] }
    return .object(out)
  }
}

/// The router the route groups register with: each registration names its `Operation`, and
/// the operations registered are kept so the suite can check them against `ServerOperations.all`.
final class OperationRouter {
  let router: Router<ServerRequestContext>
  private(set) var registered: [Operation] = []

  init(_ router: Router<ServerRequestContext>) { self.router = router }

  func on(
    _ operation: Operation,
    use handler: @Sendable @escaping (Request, ServerRequestContext) async throws -> some ResponseGenerator
  ) {
    registered.append(operation)
    router.on(RouterPath(operation.path), method: operation.method, use: handler)
  }
}
