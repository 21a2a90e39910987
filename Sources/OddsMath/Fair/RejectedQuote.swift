/// A quote that was skipped, with its position in the file (0-based) and why.
public struct RejectedQuote: Hashable, Sendable, CustomStringConvertible {
  public let index: Int
  public let reason: String
  /// Where the quote sat when its index alone does not say (feeds nest quotes in events and
  /// books: "event 3 (Phoenix Suns @ Orlando Magic) fanduel totals"); nil for a quotes file.
  public let location: String?

  public init(index: Int, reason: String, location: String? = nil) {
    self.index = index
    self.reason = reason
    self.location = location
  }

  public var description: String { "\(location ?? "quote \(index + 1)"): \(reason)" }
}
