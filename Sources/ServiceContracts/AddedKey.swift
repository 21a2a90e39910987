/// Writes `base`'s object with one more key beside its own: the shape of a response that adds a
/// field to another contract's (tonight's `source`, a watched move's `poll`).
enum AddedKey {
  static func encode(_ base: some Encodable, adding key: String, _ value: some Encodable, to encoder: any Encoder) throws {
    try base.encode(to: encoder)
    var c = encoder.container(keyedBy: NamedKey.self)
    try c.encode(value, forKey: NamedKey(key))
  }
}
