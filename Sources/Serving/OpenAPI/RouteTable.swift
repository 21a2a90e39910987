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
    // A path reached through `//` (or a trailing `/`) is the same path.
    var collapsed = path
    while collapsed.contains("//") { collapsed = collapsed.replacingOccurrences(of: "//", with: "/") }
    let trimmed = collapsed.count > 1 && collapsed.hasSuffix("/") ? String(collapsed.dropLast()) : collapsed
    let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false)
    let declared =
      methods[trimmed]
      ?? methods.first { declared, _ in
        let pattern = declared.split(separator: "/", omittingEmptySubsequences: false)
        return declared.contains("{") && pattern.count == parts.count
          && zip(pattern, parts).allSatisfy { p, s in (p.hasPrefix("{") && !s.isEmpty) || p == s }
      }?.value
    // HEAD is answered wherever GET is (`HTTPConformance`).
    return declared.map { $0.contains("GET") ? $0 + ["HEAD"] : $0 }
  }
}
