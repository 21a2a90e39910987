/// The names FairBet's answers give the feed's books, and their abbreviations.
///
/// The iOS app shows a book by an abbreviation it makes from the name: its own table for the
/// books it knows (DraftKings DK, FanDuel FD, BetMGM MGM, Caesars CZR, Pinnacle PIN, ...), else
/// the name's first three letters in capitals (dock108dev/scroll-down-ios, `BookNameHelper`).
/// Sent as feed keys, five books showed as "BET"; as their plain titles, BetRivers, BetOnline.ag,
/// BetUS, Betcris and Betfair still would. So each book is named by its title, and a title that
/// would abbreviate like another's leads with the word that tells it apart, the title after it
/// ("Rivers (BetRivers)": RIV). The feed's key is sent beside the name (`book_key`).
package enum FairBetBookName {
  /// Display names by feed key (The Odds API's keys of the US, US2 and exchange regions, and
  /// the default sharp books).
  static let names: [String: String] = [
    "draftkings": "DraftKings", "fanduel": "FanDuel", "betmgm": "BetMGM", "williamhill_us": "Caesars",
    "caesars": "Caesars", "pointsbetus": "PointsBet (US)", "espnbet": "ESPN BET", "fanatics": "Fanatics",
    "hardrockbet": "Hard Rock Bet", "fliff": "Fliff", "unibet_us": "Unibet", "pinnacle": "Pinnacle",
    "circasports": "Circa Sports", "circa": "Circa Sports", "betus": "BetUS", "betrivers": "Rivers (BetRivers)",
    "betonlineag": "Online (BetOnline.ag)", "betcris": "Cris (Betcris)", "betfair_ex_us": "Exchange (Betfair)",
    "betfair_ex_eu": "Exchange (Betfair)", "betfair_ex_uk": "Exchange (Betfair)", "betparx": "Parx (betPARX)",
    "betanysports": "AnySports (BetAnySports)", "betopenly": "Openly (BetOpenly)", "bovada": "Bovada",
    "lowvig": "LowVig.ag", "mybookieag": "MyBookie.ag", "superbook": "SuperBook", "twinspires": "TwinSpires",
    "wynnbet": "WynnBET", "barstool": "Barstool Sportsbook", "ballybet": "Bally Bet", "windcreek": "Wind Creek (Betfred PA)",
    "novig": "Novig", "prophetx": "ProphetX", "kalshi": "Kalshi", "polymarket": "Polymarket",
  ]

  /// The name FairBet gives the book with feed key `key`: its display name, else the key.
  package static func name(_ key: String) -> String { names[key.lowercased()] ?? key }

  /// The app's abbreviation of a book's name (`name(_:)`).
  package static func abbreviation(ofName name: String) -> String {
    let known = [
      "DraftKings": "DK", "FanDuel": "FD", "BetMGM": "MGM", "Caesars": "CZR", "ESPNBet": "ESPN", "ESPN BET": "ESPN",
      "Fanatics": "FAN", "Hard Rock Bet": "HR", "Pinnacle": "PIN", "PointsBet": "PB", "PointsBet (US)": "PB",
      "bet365": "365", "Betway": "BWY", "Circa Sports": "CIR", "Fliff": "FLF", "SI Sportsbook": "SI",
      "theScore Bet": "SCR", "Tipico": "TIP", "Unibet": "UNI",
    ]
    return known[name] ?? String(name.prefix(3)).uppercased()
  }
}
