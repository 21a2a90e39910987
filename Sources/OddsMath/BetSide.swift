/// The side a bet takes: a total's over or under, a spread's or a moneyline's home or away team,
/// a three-way moneyline's draw (a period ending level), or a parlay taken as one bet. Engine
/// results carry it typed; contracts write its raw value.
public enum BetSide: String, Hashable, Sendable, Codable, CaseIterable {
  case over, under, home, away, draw, parlay
}

/// The game market a bet is on.
public enum BetMarket: String, Hashable, Sendable, Codable, CaseIterable {
  case total, spread, moneyline
}
