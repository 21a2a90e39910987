/// Bookmaker keys as feeds write them, mapped to one name per book, so a sharp-book list or a
/// fee table written once matches every feed. The Odds API names Circa Sports `circasports` and
/// Betfair's exchanges `betfair_ex_uk`, `betfair_ex_eu`, `betfair_ex_au`; the replaced service
/// wrote `circa` and `betfair`. docs/serving.md ("Sharp books and book keys") lists this table.
public enum BookKeys {
  /// Feed key -> canonical key. Keys not listed are their own canonical key.
  public static let aliases: [String: String] = [
    "circasports": "circa", "circa_sports": "circa",
    "betfair_ex_uk": "betfair", "betfair_ex_eu": "betfair", "betfair_ex_au": "betfair",
    "betfair_sb_uk": "betfair_sportsbook",
    "pinnaclesports": "pinnacle", "pinnacle_sports": "pinnacle",
  ]

  /// The default sharp books (the replaced service's: Pinnacle, Circa, BetCris), canonical keys.
  public static let defaultSharp = ["pinnacle", "circa", "betcris"]

  /// Exchanges: their prices are back prices on an exchange that takes a commission on
  /// winnings; give the rate with a fee (`--fee betfair=0.05`) to price them net of it.
  public static let exchanges: Set<String> = ["betfair", "matchbook", "smarkets", "betdaq"]

  /// The canonical key of a feed's bookmaker key (case-insensitive).
  public static func canonical(_ key: String) -> String {
    let k = key.lowercased()
    return aliases[k] ?? k
  }

  public static func same(_ a: String, _ b: String) -> Bool { canonical(a) == canonical(b) }
}
