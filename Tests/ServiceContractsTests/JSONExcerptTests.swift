import Foundation
import ServiceContracts
import XCTest

/// What an answer quotes of a refused value: its JSON text as far as the limit, and the whole
/// text's size, the same size JSONSerialization's text of it has.
final class JSONExcerptTests: XCTestCase {
  func node(_ json: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
  }

  func testSmallValuesAreWrittenWhole() throws {
    XCTAssertEqual(JSONExcerpt(try node(#"{"b": [1, 2.5, true, null], "a": "x/\"y\n"}"#)).text, #"{"a":"x\/\"y\n","b":[1,2.5,true,null]}"#)
    XCTAssertEqual(JSONExcerpt("bare text").text, "bare text")
    XCTAssertEqual(JSONExcerpt(try node("false")).text, "false")
    XCTAssertEqual(JSONExcerpt(try node(#"["\u0001"]"#)).text, #"["\u0001"]"#)
  }

  /// A large value is written only as far as the limit; its size is counted whole, and is the
  /// size of JSONSerialization's compact text of it.
  func testALargeValueIsCutAtTheLimitAndSized() throws {
    let object = Dictionary(uniqueKeysWithValues: (0..<5_000).map { ("key \($0)/\"", [Double($0) + 0.5, 1] as [Any]) })
    let excerpt = JSONExcerpt(object, limit: 50)
    XCTAssertEqual(excerpt.text, #"{"key 0\/\"":[0.5,1],"key 1\/\"":[1.5,1],"key 10\/"#)
    XCTAssertEqual(excerpt.text.utf8.count, 50)
    let whole = try JSONSerialization.data(withJSONObject: object)
    XCTAssertEqual(excerpt.bytes, whole.count)
    let problem = FailureDocument.Problem(field: "f", sent: JSONExcerpt(object), message: "must be a number")
    XCTAssertEqual(problem.value.utf8.count, FailureDocument.Problem.quotedLimit + "… (\(whole.count) bytes)".utf8.count)
    XCTAssertTrue(problem.value.hasSuffix("… (\(whole.count) bytes)"))
  }
}
