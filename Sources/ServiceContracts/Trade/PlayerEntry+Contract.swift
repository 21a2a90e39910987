import FantasyTrade

/// A squad or pool entry: an id (string or integer), a player object, or an object that could
/// not be read, kept with its error so the rest of the list is still used.
extension PlayerEntry: Decodable {
  package init(from decoder: Decoder) throws {
    if let single = try? decoder.singleValueContainer(), let id = try? single.decode(PlayerID.self) {
      self = .id(id)
      return
    }
    do {
      self = .player(try PlayerInput(from: decoder))
    } catch let error as DecodingError {
      let keyed = try? decoder.container(keyedBy: PlayerInput.WireKeys.self)
      self = .unreadable(
        id: try? keyed?.decodeIfPresent(PlayerID.self, forKey: .id),
        name: try? keyed?.decodeIfPresent(String.self, forKey: .name),
        error: TradeInputError(error, below: decoder.codingPath.count))
    }
  }
}
