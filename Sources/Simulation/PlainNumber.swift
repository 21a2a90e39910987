/// A number as a person types it: 115, not 115.0; other values as Swift prints them. The one
/// way a value given (an option, a field) is echoed in messages, notes and provenance.
/// `Int(exactly:)` rather than `Int(_:)`, which traps on -1e300 (found by fuzzing the server).
package enum PlainNumber {
  package static func text(_ x: Double) -> String {
    if x == x.rounded(), let i = Int(exactly: x) { return "\(i)" }
    return "\(x)"
  }
}
