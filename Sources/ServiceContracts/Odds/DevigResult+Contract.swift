import OddsMath

/// A devigged market as `mcsim devig --json` and `POST /api/odds/devig` answer it.
extension DevigResult: Encodable {
  /// `{"method", "outcomes", "probabilities", "margin", <parameter name>: value, "warnings"}`.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: NamedKey.self)
    try c.encode(method, forKey: NamedKey("method"))
    try c.encode(outcomes, forKey: NamedKey("outcomes"))
    try c.encode(probabilities, forKey: NamedKey("probabilities"))
    try c.encode(margin, forKey: NamedKey("margin"))
    if let (name, value) = namedParameter { try c.encode(value, forKey: NamedKey(name)) }
    try c.encode(warnings.map(\.description), forKey: NamedKey("warnings"))
  }
}
