import OddsMath

/// How a board's bets fared at the gates: sides paired with another and unpaired, the bets with a
/// fair price to show, and the gated ones by reason.
package struct BoardDiagnostics: Sendable, Equatable {
  package var paired = 0
  package var unpaired = 0
  /// Bets with a fair price the board shows (`FairBoard.Entry.hasFair`).
  package var passed = 0
  package var gated: [GateReason: Int] = [:]

  package init(_ entries: [FairBoard.Entry]) {
    for e in entries {
      if e.paired { paired += 1 } else { unpaired += 1 }
      if let reason = e.disabled {
        gated[reason, default: 0] += 1
      } else if e.hasFair {
        passed += 1
      }
    }
  }
}
