import Foundation
import ServiceContracts
import XCTest

/// The shape a body is checked for before it is decoded: a key given twice, an object of too
/// many keys, nesting too deep, each named by its path; what is inside strings is not structure.
final class BodyShapeTests: XCTestCase {
  func problem(_ json: String) -> BodyShape.Problem? { BodyShape.firstProblem(in: Data(json.utf8)) }

  func object(keys: Int) -> String { "{" + (0..<keys).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}" }

  func testAKeyGivenTwiceIsNamedByItsPath() {
    XCTAssertEqual(problem(#"{"n_sims": 1, "n_sims": 2}"#), .duplicate(path: "n_sims"))
    XCTAssertEqual(problem(#"{"games": [{"a": 1}, {"a": 1, "\u0061": 2}]}"#), .duplicate(path: "games[1].a"))
    XCTAssertNil(problem(#"{"games": [{"a": 1}, {"a": 1}], "b": {"a": 1}}"#), "the same key in two objects")
    XCTAssertNil(problem(#"{"outcomes": ["a, \"outcomes\": 1, {[", "b"]}"#), "a key's name and brackets inside a string")
  }

  func testAnObjectOfMoreThanMaxKeysIsRefusedWhereItIs() {
    XCTAssertNil(problem(#"{"model": \#(object(keys: BodyShape.maxKeys))}"#))
    let over = BodyShape.maxKeys + 1
    XCTAssertEqual(problem(#"{"home_projection": \#(object(keys: over))}"#), .tooManyKeys(path: "home_projection"))
    XCTAssertEqual(problem(#"{"games": [{}, \#(object(keys: over))]}"#), .tooManyKeys(path: "games[1]"))
    XCTAssertEqual(problem(object(keys: over)), .tooManyKeys(path: "body"))
    XCTAssertEqual(problem(#"{"x": \#(object(keys: over))}"#)?.value, "over 1000 keys")
  }

  func testATopLevelListIsBoundedWhereTheRouteSaysSo() {
    func list(_ n: Int) -> String { #"{"games": ["# + Array(repeating: "{}", count: n).joined(separator: ",") + #"], "x": [1, 2, 3]}"# }
    XCTAssertNil(BodyShape.firstProblem(in: Data(list(3).utf8), lists: ["games": 3]))
    XCTAssertEqual(BodyShape.firstProblem(in: Data(list(4).utf8), lists: ["games": 3]), .tooLong(path: "games", limit: 3))
    XCTAssertNil(BodyShape.firstProblem(in: Data(list(4).utf8)), "no bound unless the route gives one")
    XCTAssertNil(BodyShape.firstProblem(in: Data(list(1).utf8), lists: ["x": 3]))
    XCTAssertNil(
      BodyShape.firstProblem(in: Data(#"{"a": {"games": [1, 2, 3, 4]}}"#.utf8), lists: ["games": 3]), "only the top level's list")
    XCTAssertEqual(BodyShape.Problem.tooLong(path: "games", limit: 3).message, "at most 3 items in 'games'")
  }

  func testNestingDeeperThanMaxDepthIsRefusedWhereItStarts() {
    let deepest = String(repeating: "[", count: BodyShape.maxDepth) + String(repeating: "]", count: BodyShape.maxDepth)
    XCTAssertNil(problem(deepest))
    XCTAssertEqual(problem("[" + deepest + "]"), .tooDeep(path: "[0]" + String(repeating: "[0]", count: BodyShape.maxDepth - 1)))
    let nested = "{\"legs\": [1, " + String(repeating: "{\"a\": ", count: 40) + "1" + String(repeating: "}", count: 40) + "]}"
    XCTAssertEqual(problem(nested), .tooDeep(path: "legs[1]" + String(repeating: ".a", count: BodyShape.maxDepth - 2)))
    XCTAssertEqual(
      problem(nested)?.message, "'\(problem(nested)!.path)' is nested more than 32 levels deep; no field of the API is")
  }
}
