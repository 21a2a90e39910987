import Foundation
import TestSupport
import XCTest

/// The edges only parse, call a use case and render (issue 43, item 3): the command line and the
/// server import no engine module, and no function of theirs runs past 40 lines. The work is
/// moving one job at a time; until it is done the counts may only fall: each ceiling below is
/// the count on the commit that set it, lowered by the commit that lowers the count.
final class LayeringTests: XCTestCase {
  static let engine: Set<String> = [
    "OddsMath", "Simulation", "Multivariate", "Calibration", "FantasyTrade", "RandomStreams", "CRandom", "CLinearAlgebra",
  ]
  static let edges = ["Sources/mcsim", "Sources/Serving"]
  /// The ceilings: engine imports in the edges' files, and their functions over 40 lines.
  static let maxEngineImports = 45
  static let maxLongFunctions = 12

  func testTheEdgesImportNoMoreOfTheEngineThanBefore() throws {
    let imports = try Self.files().flatMap { path, lines in
      lines.compactMap { line -> String? in
        guard line.hasPrefix("import "), Self.engine.contains(String(line.dropFirst(7))) else { return nil }
        return "\(path): \(line)"
      }
    }
    XCTAssertLessThanOrEqual(imports.count, Self.maxEngineImports, imports.joined(separator: "\n"))
    if imports.count < Self.maxEngineImports {
      print("LayeringTests: \(imports.count) engine imports in the edges; lower maxEngineImports to it")
    }
  }

  func testNoEdgeFunctionGrowsPastFortyLines() throws {
    let long = try Self.files().flatMap { path, lines in Self.longFunctions(lines).map { "\(path):\($0.line) \($0.length) lines" } }
    XCTAssertLessThanOrEqual(long.count, Self.maxLongFunctions, long.joined(separator: "\n"))
  }

  /// The counter sees a function's length: a 41-line body is long, a 40-line one is not.
  func testTheCounterCountsFromTheSignatureToTheClosingBrace() {
    func function(_ bodyLines: Int) -> [String] {
      ["  func f() {"] + Array(repeating: "    x += 1", count: bodyLines) + ["  }"]
    }
    XCTAssertEqual(Self.longFunctions(function(38)).count, 0)
    XCTAssertEqual(Self.longFunctions(function(39)).count, 1)
    XCTAssertEqual(Self.longFunctions(["  init(a: Int) {", "    let s = \"{\"", "  }"]).count, 0)
  }

  /// Each function, initialiser or computed property longer than 40 lines: where it starts and
  /// its length, signature to closing brace (braces in strings and comments not counted).
  static func longFunctions(_ lines: [String]) -> [(line: Int, length: Int)] {
    let start = try! NSRegularExpression(
      pattern: #"^\s*(@\w+(\([^)]*\))?\s+)*((public|package|private|fileprivate|internal|static|mutating|override|nonisolated|final)\s+)*(func\s|init[?(<]|var\s+\w+\s*:[^=]*\{\s*$)"#)
    var out: [(Int, Int)] = []
    for (i, line) in lines.enumerated()
    where start.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
      var depth = 0, started = false, j = i
      while j < lines.count {
        let code = lines[j].replacingOccurrences(of: #""(\\.|[^"\\])*""#, with: "\"\"", options: .regularExpression)
          .components(separatedBy: "//")[0]
        for c in code {
          if c == "{" { depth += 1; started = true } else if c == "}" { depth -= 1 }
        }
        if started && depth <= 0 { break }
        if !started && j > i + 15 { break }
        j += 1
      }
      if started && j - i + 1 > 40 { out.append((i + 1, j - i + 1)) }
    }
    return out
  }

  static func files() throws -> [(String, [String])] {
    let root = GoldenOutputTests.projectRoot
    return try edges.flatMap { edge in
      try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent(edge).path)
        .filter { $0.hasSuffix(".swift") }.sorted()
        .map { path in
          let text = try String(contentsOf: root.appendingPathComponent("\(edge)/\(path)"), encoding: .utf8)
          return ("\(edge)/\(path)", text.components(separatedBy: "\n"))
        }
    }
  }
}
