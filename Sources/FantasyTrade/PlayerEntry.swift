/// One element of a squad or pool list as read: a player id (a string or an integer, to be
/// looked up in the pool), a player object, or an object that could not be read, kept with its
/// error so the rest of the list is still used.
package enum PlayerEntry: Hashable, Sendable {
  case id(PlayerID)
  case player(PlayerInput)
  case unreadable(id: PlayerID?, name: String?, error: TradeInputError)
}
