import Foundation

/// ISO 8601 times as feeds write them, with or without fractional seconds.
public enum Timestamp {
  public static func parse(_ text: String) -> Date? {
    let plain = ISO8601DateFormatter()
    if let date = plain.date(from: text) { return date }
    let fractional = ISO8601DateFormatter()
    fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return fractional.date(from: text)
  }

  public static func format(_ date: Date) -> String {
    ISO8601DateFormatter().string(from: date)
  }
}
