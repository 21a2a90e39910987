import Foundation
import LineFeeds
import ServiceContracts
import UseCases

/// `--as-of`, read one way by every command that takes it (fair, slate, serve): an ISO 8601 date
/// (2026-04-01), a date-time (2026-04-01T18:00:00Z), or `now`.
enum AsOfText {
  static func parse(_ text: String) throws -> Date {
    if text.lowercased() == "now" { return Date() }
    guard let date = Timestamp.parseDateOrTime(text) else {
      throw CLIError.option(
        "--as-of", "'\(text)'", "expected an ISO 8601 date or time like 2026-04-01 or 2026-04-01T18:00:00Z, or now")
    }
    return date
  }

  /// The schedule's day of `text` (games dated before it are not tonight's, and results are read
  /// up to it): a date as given, a time's date in US Eastern time (the NBA schedule's: a 00:10Z
  /// tip-off is the evening before).
  static func scheduleDay(_ text: String) throws -> String {
    let date = try parse(text)
    return text.count == 10 ? text : SlateAssembly.easternDate(date)
  }
}
