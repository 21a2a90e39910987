import Foundation
import TestSupport
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
    let browser = try HeadlessBrowser()
    defer { browser.removeProfile() }
    let png = file + ".png"
    let dom = try browser.dom("file://\(file)")
    XCTAssertEqual(dom.status, 0, dom.stderr)
    XCTAssertTrue(dom.stdout.contains("<svg"), "no <svg> in the browser's DOM")
    XCTAssertFalse(dom.stdout.contains("parsererror"), "the browser could not parse \(file)")
    let shot = try browser.screenshot("file://\(file)", width: width, height: height, to: png)
    XCTAssertEqual(shot.status, 0, shot.stderr)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
    XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "not a PNG")
    XCTAssertGreaterThan(bytes.count, 10_000, "a blank picture")
  }

  static func temporary(_ name: String) -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-svg-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir.appendingPathComponent(name).path
  }
}
