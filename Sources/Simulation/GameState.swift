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
  /// The most points a state's score may hold.
  package static let maxScore = 400

  package static let start = GameState(period: 1, secondsLeft: quarterSeconds, homeScore: 0, awayScore: 0)

  package init(period: Int, secondsLeft: Double, homeScore: Int, awayScore: Int) {
    self.period = period
    self.secondsLeft = secondsLeft
    self.homeScore = homeScore
    self.awayScore = awayScore
  }

  /// A state as a user gives it, its clock as text ("7:12", "0:35.2", "45.3" seconds), checked:
  /// the first problem thrown, a clock out of its period named by the text given.
  package init(period: Int, clock: String, homeScore: Int, awayScore: Int) throws(InputError) {
    self.init(period: period, secondsLeft: try Self.seconds(clock: clock), homeScore: homeScore, awayScore: awayScore)
    if case .invalid(let field, let value, let reason)? = problems().first {
      throw .invalid(field: field, value: field == "state.clock" ? clock : value, reason: reason)
    }
  }

  /// The length of the state's period in seconds.
  package var periodSeconds: Double { period <= 4 ? Self.quarterSeconds : Self.overtimeSeconds }

  /// In overtime.
  package var isOvertime: Bool { period > 4 }

  /// Nothing has happened: the pre-game model prices it as it is.
  package var isStart: Bool { self == Self.start }

  /// The clock as the scoreboard shows it, in tenths of a second: "7:12", "0:35.2".
  package var clock: String {
    let tenths = Int((secondsLeft * 10).rounded())
    let minutes = tenths / 600, seconds = (tenths % 600) / 10, tenth = tenths % 10
    let text = "\(minutes):\(seconds < 10 ? "0" : "")\(seconds)"
    return tenth == 0 ? text : "\(text).\(tenth)"
  }

  /// The period as a scoreboard names it: "Q3", "OT1".
  package var periodLabel: String { isOvertime ? "OT\(period - 4)" : "Q\(period)" }

  /// A clock's text: "M:SS" with optional fractions of a second (7:12, 0:35.2), or seconds alone
  /// (45.3, as ESPN writes the last minute). The one grammar the parser and the OpenAPI
  /// document's pattern share.
  package static let clockPattern = #"^([0-9]{1,2}:[0-5][0-9](\.[0-9]+)?|[0-9]{1,3}(\.[0-9]+)?)$"#

  /// Seconds from a clock's text (`clockPattern`).
  package static func seconds(clock text: String) throws(InputError) -> Double {
    let refuse = InputError.invalid(field: "state.clock", value: text, reason: "must be M:SS (7:12, 0:35.2) or seconds (45.3)")
    guard let grammar = try? Regex(clockPattern), (try? grammar.wholeMatch(in: text)) != nil else { throw refuse }
    let parts = text.split(separator: ":")
    let minutes = parts.count == 2 ? Double(parts[0])! : 0
    return minutes * 60 + Double(parts[parts.count - 1])!
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
    for (field, score) in [("state.home_score", homeScore), ("state.away_score", awayScore)] where !(0...Self.maxScore).contains(score) {
      out.append(.invalid(field: field, value: "\(score)", reason: "must be in [0, \(Self.maxScore)]"))
    }
    guard out.isEmpty else { return out }
    if isOvertime && secondsLeft == Self.overtimeSeconds && homeScore != awayScore {
      out.append(
        .invalid(
          field: "state.home_score", value: "\(homeScore)",
          reason: "an overtime period starts level: at 5:00 of \(periodLabel) the score must be tied (away has \(awayScore))"))
    } else if period == 1 && secondsLeft == Self.quarterSeconds && (homeScore != 0 || awayScore != 0) {
      out.append(
        .invalid(
          field: "state.home_score", value: "\(homeScore)",
          reason: "nothing is scored before tip-off: at 12:00 of the first quarter the score is 0-0 (away has \(awayScore))"))
    }
    return out
  }

  package func validate() throws(InputError) {
    if let first = problems().first { throw first }
  }
}
