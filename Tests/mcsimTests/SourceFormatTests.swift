import Foundation
import TestSupport
import XCTest

/// The code is formatted by the checked-in `.swift-format` (issue 43, item 7): the toolchain's
/// `swift format lint --strict` finds nothing in the sources, the tests, the benchmarks and the
/// manifest. `swift format format -i -r Sources Tests Benchmarks Package.swift` mends what it finds.
final class SourceFormatTests: XCTestCase {
  func testTheTreeIsFormattedByItsConfiguration() throws {
    let root = GoldenOutputTests.projectRoot
    let lint = try ChildProcess.run(
      "/usr/bin/env",
      ["swift", "format", "lint", "--strict", "--configuration", root.appendingPathComponent(".swift-format").path, "-r"]
        + ["Sources", "Tests", "Benchmarks", "Package.swift"].map { root.appendingPathComponent($0).path },
      mergingStderr: true, timeout: 300)
    XCTAssertEqual(lint.status, 0, lint.stdout)
    XCTAssertEqual(lint.stdout, "")
  }

  /// The check can fail: a file indented by four spaces is a finding.
  func testAMisformattedFileIsAFinding() throws {
    let root = GoldenOutputTests.projectRoot
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("format-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("Bad.swift")
    try "func f() {\n    let x = 1\n    _ = x\n}\n".write(to: file, atomically: true, encoding: .utf8)
    let lint = try ChildProcess.run(
      "/usr/bin/env",
      ["swift", "format", "lint", "--strict", "--configuration", root.appendingPathComponent(".swift-format").path, file.path],
      mergingStderr: true, timeout: 300)
    XCTAssertNotEqual(lint.status, 0)
    XCTAssertTrue(lint.stdout.contains("Indentation"), lint.stdout)
  }
}
