import Foundation

/// How an instant is written on the wire: ISO 8601 in UTC to the second (`2026-04-01T18:00:00Z`),
/// the form every body and every command's `--json` uses.
package enum ContractTime {
  package static func string(_ date: Date) -> String {
    ISO8601DateFormatter().string(from: date)
  }
}
