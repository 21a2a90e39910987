import Foundation
import OddsMath
import UseCases

/// The native quotes JSON format (documented in docs/odds.md):
///
///   {"quotes": [{"event": "BOS@MIA", "market": "total", "selection": "over", "line": 225.5,
///                "book": "pinnacle", "price": "-110", "observed_at": "2026-04-01T18:00:00Z"}]}
///
/// or a bare array of quote objects. `price` is a string in any format `Odds(parsing:)` reads
/// (`-110`, `+150`, `1.91`, `10/11`) or a JSON number, read as decimal odds (`PriceReading`). `line` may be absent
/// or null (moneyline, 1X2). `observed_at` is ISO 8601 or Unix seconds. `category` ("main" or
/// "player_prop") is optional.
///
/// Decoding is per quote: a quote that is missing a field or has a bad value is reported with
/// its position and skipped; the others are still returned.
package enum QuoteFile {
  /// The fields a quote may carry (for reporting unknown ones).
  package static let fieldNames: Set<String> = [
    "event", "market", "selection", "line", "book", "price", "observed_at", "category",
  ]

  package struct Decoded: Sendable {
    package var quotes: [Quote]
    package var rejected: [RejectedQuote]

    package init(quotes: [Quote], rejected: [RejectedQuote]) {
      self.quotes = quotes
      self.rejected = rejected
    }
  }

  package static func decode(_ data: Data) throws(QuoteFileError) -> Decoded {
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw .notJSON(InputDecodingError.malformedJSON(error, in: data).description)
    }
    let items: [Any]
    if let array = root as? [Any] {
      items = array
    } else if let object = root as? [String: Any], let array = object["quotes"] as? [Any] {
      items = array
    } else {
      throw .noQuotes
    }
    var decoded = Decoded(quotes: [], rejected: [])
    for (index, item) in items.enumerated() {
      do {
        decoded.quotes.append(try quote(from: item, at: root is [Any] ? "[\(index)]" : "quotes[\(index)]"))
      } catch {
        decoded.rejected.append(RejectedQuote(index: index, reason: error.description))
      }
    }
    return decoded
  }

  static func quote(from item: Any, at location: String) throws(QuoteError) -> Quote {
    guard let object = item as? [String: Any] else { throw .notAnObject }
    func text(_ field: String) throws(QuoteError) -> String {
      guard let value = object[field], !(value is NSNull) else { throw .missingField(field) }
      guard let s = value as? String, !s.trimmingCharacters(in: .whitespaces).isEmpty else {
        throw .invalidField(field, value: "\(value)", reason: "expected a non-empty string")
      }
      return s
    }
    let line: Double?
    switch object["line"] {
    case nil, is NSNull: line = nil
    case let n as NSNumber where n.doubleValue.isFinite: line = n.doubleValue
    case let s as String where Double(s)?.isFinite == true: line = Double(s)
    case let other?: throw .invalidField("line", value: "\(other)", reason: "expected a number or null")
    }
    let written: WrittenPrice
    switch object["price"] {
    case nil, is NSNull: throw .missingField("price")
    case let s as String: written = .text(s)
    case let n as NSNumber: written = .number(n.doubleValue)
    case let other?: throw .invalidField("price", value: "\(other)", reason: "expected odds")
    }
    let price: Odds
    do {
      let reading = try written.read()
      PriceNotices.note(reading, at: "\(location).price")
      price = reading.odds
    } catch {
      throw .invalidField("price", value: written.description, reason: "\(error)")
    }
    let observedAt: Date
    switch object["observed_at"] {
    case nil, is NSNull: throw .missingField("observed_at")
    case let n as NSNumber: observedAt = Date(timeIntervalSince1970: n.doubleValue)
    case let s as String:
      guard let date = Timestamp.parse(s) else {
        throw .invalidField("observed_at", value: s, reason: "expected an ISO 8601 time like 2026-04-01T18:00:00Z")
      }
      observedAt = date
    case let other?: throw .invalidField("observed_at", value: "\(other)", reason: "expected a time")
    }
    var category: MarketCategory?
    if let c = object["category"], !(c is NSNull) {
      guard let s = c as? String, let parsed = MarketCategory(rawValue: s) else {
        throw .invalidField("category", value: "\(c)", reason: "expected main or player_prop")
      }
      category = parsed
    }
    return Quote(
      event: try text("event"), market: try text("market"), selection: try text("selection"),
      line: line, book: try text("book"), price: price, observedAt: observedAt, category: category)
  }
}

/// What is wrong with one quote.
package enum QuoteError: Error, Hashable, Sendable, CustomStringConvertible {
  case notAnObject
  case missingField(String)
  case invalidField(String, value: String, reason: String)

  package var description: String {
    switch self {
    case .notAnObject: "not a JSON object"
    case .missingField(let field): "missing field '\(field)'"
    case .invalidField(let field, let value, let reason): "field '\(field)' = '\(value)': \(reason)"
    }
  }
}

/// Why a whole quotes file was refused.
package enum QuoteFileError: Error, Hashable, Sendable, CustomStringConvertible {
  case notJSON(String)
  case noQuotes

  package var description: String {
    switch self {
    case .notJSON(let detail): detail
    case .noQuotes: "expected an array of quotes or an object with a \"quotes\" array"
    }
  }
}
