import Foundation
import OddsMath

/// A price as JSON inputs write it: a string in any format `Odds(parsing:)` reads ("-110",
/// "+150", "1.91", "10/11"), or a JSON number read as decimal odds (the betting agent's
/// `over_odds: 1.91`). An invalid price fails decoding with the reason, so the field is named.
package struct PriceValue: Decodable, Sendable {
  package let odds: Odds

  package init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    do {
      if let number = try? c.decode(Double.self) {
        guard number > -100 else {
          // Int(exactly:) rather than Int(_:), which traps on -1e300 (found by fuzzing the server).
          let text = Int(exactly: number.rounded()).map { "\($0)" } ?? "\(number)"
          throw DecodingError.dataCorruptedError(
            in: c, debugDescription: "a number is read as decimal odds; write American odds as a string, \"\(text)\"")
        }
        odds = try Odds(decimal: number)
      } else {
        odds = try Odds(parsing: try c.decode(String.self))
      }
    } catch let error as OddsError {
      throw DecodingError.dataCorruptedError(in: c, debugDescription: error.description)
    }
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
