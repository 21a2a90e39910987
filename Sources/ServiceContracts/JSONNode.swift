import Foundation

/// A value of JSONSerialization's tree, told by its kind without bridging it: casting a Swift
/// array to `NSNumber` or `NSNull` first copies it into an `NSArray` to ask, and casting an
/// `NSNumber` to a Swift array tries the bridge the other way, so a wrong-typed field of
/// 500,000 numbers spent most of its refusal's 1.5 s in those casts. Whether the value is an
/// object of a class (Foundation's `NSNumber` and `NSNull`) or a Swift value (arrays,
/// dictionaries, strings) is asked first, and only the casts of that family are tried.
package enum JSONNode {
  case array([Any])
  case object([String: Any])
  case string(String)
  case null
  case bool(Bool)
  case number(NSNumber)
  /// Anything else (not from JSONSerialization).
  case other(Any)

  package init(_ value: Any) {
    if type(of: value) is AnyObject.Type {
      switch value {
      case let number as NSNumber:
        self = String(cString: number.objCType) == "c" ? .bool(number.boolValue) : .number(number)
      case is NSNull: self = .null
      case let string as NSString: self = .string(string as String)
      default: self = .other(value)
      }
    } else {
      switch value {
      case let array as [Any]: self = .array(array)
      case let object as [String: Any]: self = .object(object)
      case let string as String: self = .string(string)
      default: self = .other(value)
      }
    }
  }

  package var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The number, when the value is one (not a boolean).
  package var number: NSNumber? {
    if case .number(let n) = self { return n }
    return nil
  }
}
