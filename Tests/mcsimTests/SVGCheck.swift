import Foundation
import TestTiers
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Checks of a picture: it parses as XML (counting elements by class), and a headless
/// Chromium renders it to a PNG without errors (scripts/setup.sh installs Debian's `chromium`;
/// without it the picture tests fail, saying so).
enum SVGCheck {
  /// The elements of an SVG document, by name and class.
  final class Census: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var root: String?

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      if root == nil { root = name }
      elements.append((name, attributes))
    }

    func withClass(_ cls: String) -> [[String: String]] {
      elements.filter { ($0.attributes["class"] ?? "").split(separator: " ").contains(Substring(cls)) }.map(\.attributes)
    }

    /// Points of a polyline's `points` attribute.
    static func pointCount(_ attributes: [String: String]) -> Int {
      (attributes["points"] ?? "").split(separator: " ").count
    }
  }

  static func parse(_ file: String) throws -> Census {
    let data = try Data(contentsOf: URL(fileURLWithPath: file))
    let parser = XMLParser(data: data)
    let census = Census()
    parser.delegate = census
    XCTAssertTrue(parser.parse(), "\(file) is not well-formed XML: \(String(describing: parser.parserError))")
    XCTAssertEqual(census.root, "svg")
    return census
  }

  /// Renders `file` with headless Chromium: the DOM it builds has no parser error and an
  /// `<svg>` root, and the screenshot is a non-trivial PNG.
  static func render(_ file: String, width: Int, height: Int) throws {
    // scripts/setup.sh installs Chromium, as it installs schemathesis: a missing browser is a
    // machine not set up, and fails saying so rather than passing untested.
    let browser = try TestTier.tools.requireTool(
      "a headless browser", at: ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"])
    let png = file + ".png"
    try? FileManager.default.removeItem(atPath: png)
    let profile = file + ".profile"
    defer { try? FileManager.default.removeItem(atPath: profile) }
    let common = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run", "--user-data-dir=\(profile)"]
    let dom = try run(browser, common + ["--dump-dom", "file://\(file)"])
    XCTAssertEqual(dom.status, 0, dom.stderr)
    XCTAssertTrue(dom.stdout.contains("<svg"), "no <svg> in the browser's DOM")
    XCTAssertFalse(dom.stdout.contains("parsererror"), "the browser could not parse \(file)")
    let shot = try run(browser, common + ["--screenshot=\(png)", "--window-size=\(width),\(height)", "file://\(file)"])
    XCTAssertEqual(shot.status, 0, shot.stderr)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
    XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "not a PNG")
    XCTAssertGreaterThan(bytes.count, 10_000, "a blank picture")
  }

  static func run(_ executable: String, _ arguments: [String]) throws -> MCSimBinary.Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return MCSimBinary.Result(status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
  }

  static func temporary(_ name: String) -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-svg-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir.appendingPathComponent(name).path
  }
}
