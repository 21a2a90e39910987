/// A game under way: the period it is in (1 to 4 the quarters, 5 the first overtime, 6 the
/// second, ...), the time left on its clock, and the score. A game at the start (period 1, 12:00,
/// 0-0) is the game before tip-off; one at the end of regulation (period 4, 0:00) is final unless
/// level, when overtime follows.
package struct GameState: Hashable, Sendable {
  package var period: Int
  /// Seconds left in the period, in [0, its length].
  package var secondsLeft: Double
  package var homeScore: Int
  package var awayScore: Int

  /// The NBA's periods: four quarters of 12 minutes, overtime periods of 5.
  package static let quarterSeconds = 720.0
  package static let overtimeSeconds = 300.0
  /// The most overtime periods a state may name (the NBA's record is 6).
  package static let lastPeriod = 14

  package static let start = GameState(period: 1, secondsLeft: quarterSeconds, homeScore: 0, awayScore: 0)

  package init(period: Int, secondsLeft: Double, homeScore: Int, awayScore: Int) {
    self.period = period
    self.secondsLeft = secondsLeft
    self.homeScore = homeScore
    self.awayScore = awayScore
  }

  /// A state whose clock is given as text ("7:12", "0:35.2", "45.3" seconds).
  package init(period: Int, clock: String, homeScore: Int, awayScore: Int) throws(InputError) {
    self.init(period: period, secondsLeft: try Self.seconds(clock: clock), homeScore: homeScore, awayScore: awayScore)
  }

  /// The length of the state's period in seconds.
  package var periodSeconds: Double { period <= 4 ? Self.quarterSeconds : Self.overtimeSeconds }

  /// In overtime.
  package var isOvertime: Bool { period > 4 }

  /// Nothing has happened: the pre-game model prices it as it is.
  package var isStart: Bool { self == Self.start }

  /// The clock as the scoreboard shows it: "7:12", "0:35.2" under a minute with tenths.
  package var clock: String {
    let whole = Int(secondsLeft.rounded(.down))
    let tenths = Int(((secondsLeft - Double(whole)) * 10).rounded())
    let seconds = String(whole % 60).count == 1 ? "0\(whole % 60)" : "\(whole % 60)"
    return tenths > 0 && tenths < 10 ? "\(whole / 60):\(seconds).\(tenths)" : "\(whole / 60):\(seconds)"
  }

  /// Seconds from a clock's text: "M:SS" or "M:SS.s", or plain seconds ("35.2").
  package static func seconds(clock text: String) throws(InputError) -> Double {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    let refuse = InputError.invalid(field: "state.clock", value: text, reason: "must be M:SS (7:12, 0:35.2) or seconds")
    switch parts.count {
    case 1:
      guard let s = Double(parts[0]), s.isFinite, s >= 0 else { throw refuse }
      return s
    case 2:
      guard let m = Int(parts[0]), m >= 0, parts[1].count >= 2, let s = Double(parts[1]), s.isFinite, s >= 0, s < 60 else {
        throw refuse
      }
      return Double(m) * 60 + s
    default:
      throw refuse
    }
  }

  /// Every invalid field, named as a request names it (`state.period`, ...).
  package func problems() -> [InputError] {
    var out: [InputError] = []
    if !(1...Self.lastPeriod).contains(period) {
      out.append(
        .invalid(
          field: "state.period", value: "\(period)",
          reason: "must be 1 to 4 (the quarters) or 5 to \(Self.lastPeriod) (overtime periods)"))
    } else if !(secondsLeft.isFinite && secondsLeft >= 0 && secondsLeft <= periodSeconds) {
      out.append(
        .invalid(
          field: "state.clock", value: "\(secondsLeft) s",
          reason: "must be within the period's \(Int(periodSeconds / 60)) minutes"))
    }
    for (field, score) in [("state.home_score", homeScore), ("state.away_score", awayScore)] where !(0...400).contains(score) {
      out.append(.invalid(field: field, value: "\(score)", reason: "must be in [0, 400]"))
    }
    if isOvertime && out.isEmpty && period == 5 && secondsLeft == Self.overtimeSeconds && homeScore != awayScore {
      out.append(
        .invalid(
          field: "state.period", value: "\(period)",
          reason: "overtime starts level: at 5:00 of the first overtime the score must be tied"))
    }
    return out
  }

  package func validate() throws(InputError) {
    if let first = problems().first { throw first }
  }
}
