import Foundation
import OddsMath
import UseCases

/// A price as a JSON input writes it, before it is read: a string ("-110", "1.91", "10/11") or a
/// number (1.91). `read()` applies mcsim's one rule (`PriceReading`); a decoder that must report
/// each bad price of a list on its own (`POST /api/odds/devig`) reads them one by one.
package enum WrittenPrice: Decodable, Sendable, CustomStringConvertible {
  case text(String)
  case number(Double)

  package init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    if let number = try? c.decode(Double.self) { self = .number(number) } else { self = .text(try c.decode(String.self)) }
  }

  /// The price by the one rule, or why not (`OddsError` or `PriceNumberError`, each a reason).
  package func read() throws -> PriceReading {
    switch self {
    case .text(let text): try PriceReading(text)
    case .number(let number): try PriceReading(number: number)
    }
  }

  /// What was written: the string, or the number as its shortest text.
  package var description: String {
    switch self {
    case .text(let text): text
    case .number(let number): PriceReading.text(number)
    }
  }
}

/// A price in a JSON input, read (`WrittenPrice.read`): an invalid one fails decoding with the
/// reason, so the field is named; an ambiguous one ("110") is noted (`PriceNotices`).
package struct PriceValue: Decodable, Sendable {
  package let reading: PriceReading
  package var odds: Odds { reading.odds }

  package init(from decoder: any Decoder) throws {
    let written = try WrittenPrice(from: decoder)
    do { reading = try written.read() } catch {
      throw DecodingError.dataCorruptedError(
        in: try decoder.singleValueContainer(), debugDescription: "\(error)")
    }
    PriceNotices.note(reading, at: InputDecodingError.path(decoder.codingPath))
  }
}

/// A string, or a number kept as its text: an identifier ("0022500123" or 1617585501), or a field
/// the agent's feed writes as a string but a producer may write as a number ("1.91" or 1.91).
package struct LooseString: Decodable, Sendable {
  package let value: String

  package init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    if let s = try? c.decode(String.self) {
      value = s
    } else if let i = try? c.decode(Int.self) {
      value = String(i)
    } else {
      value = String(try c.decode(Double.self))
    }
  }
}

/// A number written as a JSON number or a numeric string (the agent's odds feed writes
/// "232.5", "+7.0").
package struct LooseNumber: Decodable, Sendable {
  package let value: Double

  package init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    if let d = try? c.decode(Double.self) {
      value = d
      return
    }
    let s = try c.decode(String.self)
    guard let d = Double(s.trimmingCharacters(in: .whitespaces)), d.isFinite else {
      throw DecodingError.dataCorruptedError(in: c, debugDescription: "'\(s)' is not a number")
    }
    value = d
  }
}

/// Any JSON key, for objects whose keys are checked one by one.
package struct AnyKey: CodingKey, Hashable {
  package var stringValue: String
  package var intValue: Int?
  package init(_ s: String) { stringValue = s }
  package init?(stringValue: String) { self.stringValue = stringValue }
  package init?(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }
}

/// Decodes an element of an array on its own: a bad element becomes a failure naming its field,
/// and the elements after it still decode.
package struct Isolated<T: Decodable & Sendable>: Decodable, Sendable {
  package let result: Result<T, InputDecodingError>

  package init(from decoder: any Decoder) throws {
    do {
      result = .success(try T(from: decoder))
    } catch let error as DecodingError {
      result = .failure(InputDecodingError(InputDecodingError.message(error)))
    } catch {
      result = .failure(InputDecodingError("\(error)"))
    }
  }
}
