import Foundation
import TestSupport
import XCTest

/// The edges only parse, call a use case and render (issue 43, item 3): no function of theirs runs
/// past 40 lines, and neither the server nor the command line imports an engine module or lists
/// one among its dependencies in Package.swift.
final class LayeringTests: XCTestCase {
  static let engine: Set<String> = [
    "OddsMath", "Simulation", "Multivariate", "Calibration", "FantasyTrade", "RandomStreams", "CRandom", "CLinearAlgebra",
  ]
  static let edges = ["Sources/mcsim", "Sources/Serving"]
  func testTheEdgesImportNoEngineModule() throws {
    for edge in Self.edges {
      let imports = try Self.files(of: edge).flatMap { path, lines in
        lines.compactMap { line in Self.importedModule(line).flatMap { Self.engine.contains($0) ? "\(path): \(line)" : nil } }
      }
      XCTAssertEqual(imports, [], edge)
    }
  }

  /// Package.swift gives the edges' targets no engine module to import.
  func testTheEdgesTargetsDependOnNoEngineModule() throws {
    let manifest = try String(contentsOf: GoldenOutputTests.projectRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    for target in ["mcsim", "Serving"] {
      let entry = try XCTUnwrap(manifest.range(of: "name: \"\(target)\",\n      dependencies: ["), "\(target)'s entry")
      let list = manifest[entry.upperBound...].prefix { $0 != "]" }
      let named = Set(list.split(whereSeparator: { !$0.isLetter }).map(String.init))
      XCTAssertEqual(named.intersection(Self.engine), [], "\(target) lists an engine module")
    }
  }

  /// The engine returns domain values (issue 43, item 4): no wire keys (`CodingKey`, hand-written
  /// `Encodable` or `Decodable`) and no formatted text (`String(format:)`) in its modules, but for
  /// the shards' own record file (`SimulationTape`) and Python's text of a number
  /// (`PythonNumerics`, which the trade contract's words print with); the contracts map, the
  /// renderers word. (Enums whose raw values are the contracts' values, `TotalsVerdict`'s
  /// `STRONG_BET_OVER`, stay `Codable`: their one spelling.)
  func testTheEngineCarriesNoWireShapesOrFormattedText() throws {
    let allowed: Set<String> = ["Sources/Simulation/SimulationTape.swift", "Sources/FantasyTrade/PythonNumerics.swift"]
    let found = try Self.engine.subtracting(["CRandom", "CLinearAlgebra"]).sorted().flatMap { module in
      try Self.files(of: "Sources/\(module)").flatMap { path, lines in
        allowed.contains(path)
          ? []
          : lines.filter { line in
            let code = line.trimmingCharacters(in: .whitespaces)
            return !code.hasPrefix("//")
              && ["CodingKey", "Encodable", "Decodable", "String(format:"].contains { code.contains($0) }
          }.map { "\(path): \($0)" }
      }
    }
    XCTAssertEqual(found, [])
  }

  func testNoEdgeFunctionRunsPastFortyLines() throws {
    let long = try Self.edges.flatMap { edge in
      try Self.files(of: edge).flatMap { path, lines in Self.longFunctions(lines).map { "\(path):\($0.line) \($0.length) lines" } }
    }
    XCTAssertEqual(long, [])
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

  /// The module a line imports, in any form: `import M`, `@_exported import M`, `public import M`,
  /// `import struct M.T`, with a comment after it.
  static func importedModule(_ line: String) -> String? {
    let pattern = try! NSRegularExpression(
      pattern:
        #"^\s*(@\w+\s+)*((public|package|internal|fileprivate|private)\s+)?import\s+((typealias|struct|class|enum|protocol|let|var|func)\s+)?(\w+)"#)
    guard let match = pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
      let module = Range(match.range(at: 6), in: line)
    else { return nil }
    return String(line[module])
  }

  func testEveryFormOfImportIsSeen() {
    for line in [
      "import Simulation", "@_exported import Simulation", "public import Simulation", "import struct Simulation.GameModel",
      "import Simulation  // the model", "  package import Calibration",
    ] {
      XCTAssertTrue(Self.engine.contains(Self.importedModule(line) ?? ""), line)
    }
    XCTAssertNil(Self.importedModule("// import Simulation"))
    XCTAssertEqual(Self.importedModule("import UseCases"), "UseCases")
  }

  /// Each function, initialiser or computed property longer than 40 lines: where it starts and
  /// its length, signature to closing brace (braces in strings and comments not counted).
  static func longFunctions(_ lines: [String]) -> [(line: Int, length: Int)] {
    let start = try! NSRegularExpression(
      pattern:
        #"^\s*(@\w+(\([^)]*\))?\s+)*((public|package|private|fileprivate|internal|static|mutating|override|nonisolated|final)\s+)*(func\s|init[?(<]|var\s+\w+\s*:[^=]*\{\s*$)"#
    )
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

  /// Each Swift file of `edge`, by path, as lines.
  static func files(of edge: String) throws -> [(String, [String])] {
    let root = GoldenOutputTests.projectRoot
    return try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent(edge).path)
      .filter { $0.hasSuffix(".swift") }.sorted()
      .map { path in
        let text = try String(contentsOf: root.appendingPathComponent("\(edge)/\(path)"), encoding: .utf8)
        return ("\(edge)/\(path)", text.components(separatedBy: "\n"))
      }
  }
}
