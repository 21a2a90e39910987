import Foundation

/// ISO 8601 times as feeds write them, with or without fractional seconds; and the one parser
/// of a time a user types (`--as-of`): an ISO date (2023-12-11, midnight UTC) or date-time.
package enum Timestamp {
  package static func parse(_ text: String) -> Date? {
    guard validCalendarDate(text.prefix(10)) else { return nil }
    let plain = ISO8601DateFormatter()
    if let date = plain.date(from: text) { return date }
    let fractional = ISO8601DateFormatter()
    fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return fractional.date(from: text)
  }

  /// An ISO date (midnight UTC) or an ISO date-time; nil for anything else, including dates
  /// that do not exist (2023-13-45, 2023-02-30).
  package static func parseDateOrTime(_ text: String) -> Date? {
    if text.count == 10 {
      guard validCalendarDate(Substring(text)) else { return nil }
      let formatter = ISO8601DateFormatter()
      formatter.formatOptions = [.withFullDate]
      return formatter.date(from: text)
    }
    return parse(text)
  }

  /// The UTC calendar day of `date`, as 2023-12-11.
  package static func day(_ date: Date) -> String {
    String(format(date).prefix(10))
  }

  /// How an instant is written, on the wire and in every output: ISO 8601 in UTC to the second
  /// (`2026-04-01T18:00:00Z`).
  package static func format(_ date: Date) -> String {
    ISO8601DateFormatter().string(from: date)
  }

  /// YYYY-MM-DD naming a day of the Gregorian calendar.
  package static func validCalendarDate(_ s: Substring) -> Bool {
    let parts = s.split(separator: "-", omittingEmptySubsequences: false)
    guard s.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), (1...12).contains(m), d >= 1
    else { return false }
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
    let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
    return d <= days
  }
}
