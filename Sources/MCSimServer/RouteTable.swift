import Foundation

/// The server's paths and the methods each answers, read from the OpenAPI document it serves
/// (the one declaration of its endpoints, checked against the routes by the tests): a known
/// path asked with another method is a 405 with `Allow`, as FastAPI answered, not a 404.
enum RouteTable {
  static let methods: [String: [String]] = {
    guard let document = try? JSONSerialization.jsonObject(with: OpenAPIDocument.data) as? [String: Any],
      let paths = document["paths"] as? [String: Any]
    else { return [:] }
    var out: [String: [String]] = [:]
    for (path, item) in paths {
      guard let operations = item as? [String: Any] else { continue }
      let verbs = operations.keys.filter { ["get", "post", "put", "delete", "patch"].contains($0) }.map { $0.uppercased() }
      out[path] = verbs.sorted()
    }
    return out
  }()

  /// The methods `path` answers, nil for an unknown path.
  static func allowed(_ path: String) -> [String]? {
    let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    return methods[trimmed]
  }
}
