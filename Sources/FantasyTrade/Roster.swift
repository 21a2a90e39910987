/// A validated player of a squad or pool: who he is, where he plays, and his projection.
package struct RosterPlayer: Hashable, Sendable {
  package var id: PlayerID
  package var name: String
  package var team: String?
  /// As given ("MID/FWD"); nil when unknown.
  package var position: String?
  package var player: ProjectedPlayer

  package init(id: PlayerID, name: String, team: String? = nil, position: String? = nil, player: ProjectedPlayer) {
    self.id = id
    self.name = name
    self.team = team
    self.position = position
    self.player = player
  }

  /// Positions named in `position`, split on "/", "," or spaces, upper-cased.
  package var positions: Set<String> {
    guard let position else { return [] }
    let parts = position.split(whereSeparator: { $0 == "/" || $0 == "," || $0 == " " })
    return Set(parts.map { $0.uppercased() })
  }

  /// Whether this player can take `other`'s place: they share a position, or either has none.
  package func canReplace(_ other: RosterPlayer) -> Bool {
    let mine = positions
    let theirs = other.positions
    return mine.isEmpty || theirs.isEmpty || !mine.isDisjoint(with: theirs)
  }
}

/// A player left out of a batch because his entry is unusable, and why.
package struct SkippedPlayer: Hashable, Sendable {
  /// "squad" or "pool".
  package var source: String
  package var index: Int
  package var id: PlayerID?
  package var name: String?
  /// Field path within the file, e.g. `pool[3].price`.
  package var field: String
  package var value: String
  package var reason: String

  package init(source: String, index: Int, id: PlayerID?, name: String?, error: TradeInputError) {
    self.source = source
    self.index = index
    self.id = id
    self.name = name
    let nested = error.nested(under: "\(source)[\(index)]")
    field = nested.field
    value = nested.value
    reason = nested.reason
  }

  package var description: String {
    let who = [id?.text, name].compactMap { $0 }.joined(separator: " ")
    return "\(field) = \(value): \(reason)" + (who.isEmpty ? "" : " (\(who))")
  }
}

/// The squad and pool of a batch, validated: usable players, and the reasons for the others.
package struct Rosters: Hashable, Sendable {
  package var squad: [RosterPlayer]
  package var pool: [RosterPlayer]
  package var skipped: [SkippedPlayer]

  /// Pool players need an id and 1 to 5 projected scores (or an `average_score`), see
  /// `PlayerInput.projection`; the first of duplicate ids is kept. Squad entries are pool ids
  /// or player objects; an id that names no usable pool player is skipped.
  package init(squad: [PlayerEntry], pool: [PlayerEntry]) {
    var skipped: [SkippedPlayer] = []
    func resolve(_ entry: PlayerEntry, _ source: String, _ index: Int) -> RosterPlayer? {
      // Ids are resolved by the caller; here they are a pool that lists an id, not a player.
      switch entry {
      case .unreadable(let id, let name, let error):
        skipped.append(SkippedPlayer(source: source, index: index, id: id, name: name, error: error))
      case .id(let id):
        skipped.append(
          SkippedPlayer(
            source: source, index: index, id: id, name: nil,
            error: .invalid(field: "", value: id.text, reason: "pool entries must be player objects")))
      case .player(let input):
        guard let id = input.id else {
          skipped.append(
            SkippedPlayer(source: source, index: index, id: nil, name: input.name, error: .missing(field: "id")))
          return nil
        }
        do {
          let player = try input.projection(exactlyFive: false)
          return RosterPlayer(
            id: id, name: input.name ?? id.text, team: input.team, position: input.position, player: player)
        } catch {
          skipped.append(SkippedPlayer(source: source, index: index, id: id, name: input.name, error: error))
        }
      }
      return nil
    }

    var poolPlayers: [RosterPlayer] = []
    var byID: [PlayerID: RosterPlayer] = [:]
    for (i, entry) in pool.enumerated() {
      guard let player = resolve(entry, "pool", i) else { continue }
      if byID[player.id] != nil {
        skipped.append(
          SkippedPlayer(
            source: "pool", index: i, id: player.id, name: player.name,
            error: .invalid(field: "id", value: player.id.text, reason: "repeats an earlier pool player")))
        continue
      }
      byID[player.id] = player
      poolPlayers.append(player)
    }

    var squadPlayers: [RosterPlayer] = []
    var inSquad: Set<PlayerID> = []
    for (i, entry) in squad.enumerated() {
      let player: RosterPlayer?
      if case .id(let id) = entry {
        player = byID[id]
        if player == nil {
          skipped.append(
            SkippedPlayer(
              source: "squad", index: i, id: id, name: nil, error: .unknownPlayer(field: "", id: id.text)))
        }
      } else {
        player = resolve(entry, "squad", i)
      }
      guard let player else { continue }
      if inSquad.contains(player.id) {
        skipped.append(
          SkippedPlayer(
            source: "squad", index: i, id: player.id, name: player.name,
            error: .invalid(field: "id", value: player.id.text, reason: "repeats an earlier squad player")))
        continue
      }
      inSquad.insert(player.id)
      squadPlayers.append(player)
    }
    self.squad = squadPlayers
    self.pool = poolPlayers
    self.skipped = skipped
  }
}
