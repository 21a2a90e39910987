/// The server's paths and the methods each answers (`ServerOperations`, the one declaration of
/// its endpoints): a known path asked with another method is a 405 with `Allow`, as FastAPI
/// answered, not a 404.
enum RouteTable {
  static let methods: [String: [String]] = Dictionary(
    grouping: ServerOperations.all, by: \.path
  ).mapValues { $0.map(\.method.rawValue).sorted() }

  /// The methods `path` answers, nil for an unknown path. A `{name}` segment of a declared
  /// path matches any one segment.
  static func allowed(_ path: String) -> [String]? {
    let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    if let exact = methods[trimmed] { return exact }
    let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false)
    return methods.first { declared, _ in
      let pattern = declared.split(separator: "/", omittingEmptySubsequences: false)
      return declared.contains("{") && pattern.count == parts.count
        && zip(pattern, parts).allSatisfy { p, s in (p.hasPrefix("{") && !s.isEmpty) || p == s }
    }?.value
  }
}
