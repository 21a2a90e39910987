import Simulation

/// A bet on one of a slate's games, priced jointly with the others under a league factor: the
/// game's id (nil when the input named none) and the leg (its `game` index is set when priced,
/// `SlatePricing`).
package struct SlateBet: Sendable {
  package var game: String?
  package var leg: ParlayLeg

  package init(game: String?, leg: ParlayLeg) {
    self.game = game
    self.leg = leg
  }

  /// The bets a bets file lists (`mcsim slate --bets FILE`): each leg's text parsed (errors
  /// naming `bets[i]`); which game each names is checked against the games that price together.
  package static func parsed(_ legs: [ParlayDraft.Leg]) throws(InputError) -> [SlateBet] {
    var out: [SlateBet] = []
    for (i, l) in legs.enumerated() {
      let leg = try ParlayLegSyntax.leg(l.leg, field: "bets[\(i)]")
      guard !leg.isPlayerLeg else {
        throw .invalid(field: "bets[\(i)]", value: "'\(l.leg)'", reason: "a slate's bets are on the games' scores (player props go in a parlay file)")
      }
      out.append(SlateBet(game: l.game, leg: leg))
    }
    return out
  }
}
