/// The server's paths and the methods each answers (`ServerOperations`, the one declaration of
/// its endpoints): a known path asked with another method is a 405 with `Allow`, as FastAPI
/// answered, not a 404.
enum RouteTable {
  static let methods: [String: [String]] = Dictionary(
    grouping: ServerOperations.all, by: \.path
  ).mapValues { $0.map(\.method.rawValue).sorted() }

  /// The methods `path` answers, nil for an unknown path.
  static func allowed(_ path: String) -> [String]? {
    let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    return methods[trimmed]
  }
}
