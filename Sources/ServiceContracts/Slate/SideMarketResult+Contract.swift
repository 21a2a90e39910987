import Simulation

/// A slate game's `spread` or `moneyline` (mcsim's own fields): cover (spread) or win (moneyline)
/// probabilities, EV, edge and Kelly stakes, all fractions.
extension SideMarketResult: Encodable {
  enum WireKeys: String, CodingKey {
    case line, homeOdds = "home_odds", awayOdds = "away_odds"
    case pHomeCover = "p_home_cover", pAwayCover = "p_away_cover", pPush = "p_push"
    case ci95HomeCover = "ci_95_home_cover"
    case pHomeWin = "p_home_win", pAwayWin = "p_away_win", pTie = "p_tie", ci95HomeWin = "ci_95_home_win"
    case evHome = "ev_home", evAway = "ev_away", edgeHome = "edge_home", edgeAway = "edge_away"
    case kellyHome = "kelly_home", kellyAway = "kelly_away"
    case kellyHomeFull = "kelly_home_full", kellyAwayFull = "kelly_away_full"
    case recommendedBet = "recommended_bet", otModel = "ot_model", source, advice
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKeys.self)
    switch kind {
    case .spread:
      try c.encode(homeLine, forKey: .line)
      try c.encode(pHome, forKey: .pHomeCover)
      try c.encode(pAway, forKey: .pAwayCover)
      try c.encode(pPush, forKey: .pPush)
      try c.encode(ci95Home, forKey: .ci95HomeCover)
    case .moneyline:
      try c.encode(pHome, forKey: .pHomeWin)
      try c.encode(pAway, forKey: .pAwayWin)
      try c.encode(pPush, forKey: .pTie)
      try c.encode(ci95Home, forKey: .ci95HomeWin)
    }
    try c.encode(homeOdds, forKey: .homeOdds)
    try c.encode(awayOdds, forKey: .awayOdds)
    try c.encode(evHome, forKey: .evHome)
    try c.encode(evAway, forKey: .evAway)
    try c.encode(edgeHome, forKey: .edgeHome)
    try c.encode(edgeAway, forKey: .edgeAway)
    try c.encode(kellyHome, forKey: .kellyHome)
    try c.encode(kellyAway, forKey: .kellyAway)
    try c.encode(kellyHomeFull, forKey: .kellyHomeFull)
    try c.encode(kellyAwayFull, forKey: .kellyAwayFull)
    try c.encode(recommendedBet, forKey: .recommendedBet)
    try c.encode(otModel, forKey: .otModel)
    try c.encodeIfPresent(source, forKey: .source)
    try c.encode(advice, forKey: .advice)
  }
}
