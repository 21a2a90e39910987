import FantasyTrade

/// The player object of trade requests, squads and pools: the original request's fields
/// (`price`, `breakeven`, `proj_scores`, `is_red_dot`), the iOS client's AFL player shape and
/// mcsim's simulation inputs.
extension PlayerInput: Codable {
  enum WireKeys: String, CodingKey, CaseIterable {
    case id, name, team, position, price, breakeven, projScores = "proj_scores", isRedDot = "is_red_dot"
    case injuryStatus = "injury_status", averageScore = "average_score"
    case lastThreeAverage = "last_three_average", ownership, scoreSD = "score_sd"
    case missProbability = "miss_probability", recentScores = "recent_scores"
  }

  /// The fields a player may carry (for reporting unknown ones).
  package static let fieldNames = Set(WireKeys.allCases.map(\.rawValue))

  /// The JSON types of a player's fields, so that a request that does not decode is answered
  /// naming every field of the wrong type or missing at once (`id`, a string or an integer, is
  /// the decoder's to name).
  package static let fieldTypes = FieldTypes(
    fields: WireKeys.allCases.compactMap { key in kind(of: key).map { (key.rawValue, $0) } }, required: ["price", "breakeven"])

  /// Each field's JSON type (every key decided here: a new one must say its type).
  private static func kind(of key: WireKeys) -> FieldTypes.Kind? {
    switch key {
    case .id: nil
    case .name, .team, .position, .injuryStatus: .string
    case .price, .breakeven, .averageScore, .lastThreeAverage, .ownership, .scoreSD, .missProbability: .number
    case .projScores, .recentScores: .array
    case .isRedDot: .boolean
    }
  }

  /// Fields in the order of the type's declaration, so the first one at fault is reported.
  package init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: WireKeys.self)
    let id = try c.decodeIfPresent(PlayerID.self, forKey: .id)
    let name = try c.decodeIfPresent(String.self, forKey: .name)
    let team = try c.decodeIfPresent(String.self, forKey: .team)
    let position = try c.decodeIfPresent(String.self, forKey: .position)
    let price = try c.decode(Double.self, forKey: .price)
    let breakeven = try c.decode(Double.self, forKey: .breakeven)
    let projScores = try c.decodeIfPresent([Double].self, forKey: .projScores)
    let isRedDot = try c.decodeIfPresent(Bool.self, forKey: .isRedDot)
    let injuryStatus = try c.decodeIfPresent(String.self, forKey: .injuryStatus)
    let averageScore = try c.decodeIfPresent(Double.self, forKey: .averageScore)
    let lastThreeAverage = try c.decodeIfPresent(Double.self, forKey: .lastThreeAverage)
    let ownership = try c.decodeIfPresent(Double.self, forKey: .ownership)
    let scoreSD = try c.decodeIfPresent(Double.self, forKey: .scoreSD)
    let missProbability = try c.decodeIfPresent(Double.self, forKey: .missProbability)
    let recentScores = try c.decodeIfPresent([Double].self, forKey: .recentScores)
    self.init(
      id: id, name: name, team: team, position: position, price: price, breakeven: breakeven, projScores: projScores, isRedDot: isRedDot,
      injuryStatus: injuryStatus, averageScore: averageScore, lastThreeAverage: lastThreeAverage, ownership: ownership, scoreSD: scoreSD,
      missProbability: missProbability, recentScores: recentScores)
  }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    try c.encodeIfPresent(id, forKey: .id)
    try c.encodeIfPresent(name, forKey: .name)
    try c.encodeIfPresent(team, forKey: .team)
    try c.encodeIfPresent(position, forKey: .position)
    try c.encode(price, forKey: .price)
    try c.encode(breakeven, forKey: .breakeven)
    try c.encodeIfPresent(projScores, forKey: .projScores)
    try c.encodeIfPresent(isRedDot, forKey: .isRedDot)
    try c.encodeIfPresent(injuryStatus, forKey: .injuryStatus)
    try c.encodeIfPresent(averageScore, forKey: .averageScore)
    try c.encodeIfPresent(lastThreeAverage, forKey: .lastThreeAverage)
    try c.encodeIfPresent(ownership, forKey: .ownership)
    try c.encodeIfPresent(scoreSD, forKey: .scoreSD)
    try c.encodeIfPresent(missProbability, forKey: .missProbability)
    try c.encodeIfPresent(recentScores, forKey: .recentScores)
  }
}

/// A player id as the client writes it: a string or an integer.
extension PlayerID: Codable {
  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let int = try? container.decode(Int.self) {
      self.init(String(int))
    } else {
      self.init(try container.decode(String.self))
    }
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }
}
