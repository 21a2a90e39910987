import Foundation
import Renderers
import XCTest

/// The pictures' numbers and colours are written by hand, not by String(format:) (a quarter of
/// a game page's time): the same bytes as the C formatter's "%.2f" with trailing zeros dropped,
/// and "#%02x%02x%02x".
final class SVGNumberTests: XCTestCase {
  /// The formula the pictures were written with before: at most two decimals, no trailing zeros.
  func reference(_ x: Double) -> String {
    guard x.isFinite else { return "0" }
    let r = (x * 100).rounded() / 100
    if r == r.rounded() { return String(Int(r)) }
    var s = String(format: "%.2f", r)
    while s.hasSuffix("0") { s.removeLast() }
    return s
  }

  func testNumbersAreTheFormattersToTheByte() {
    let edges: [Double] = [
      0, -0.0, 0.004, -0.004, 0.005, -0.005, 0.015, 0.05, -0.05, 0.1, -0.5, 0.99, 0.995, 1, -1, 1.005, 9.999, 12.3,
      -12.34, 100.5, 255.255, 1e6 + 0.01, -1e9 - 0.5, 123_456_789.12, 4e12 + 0.07, .nan, .infinity, -.infinity,
      // Beyond 10^13, where hundredths no longer fit the hand-written path: the formatter's own.
      1e14, 1e14 + 0.5, -3e15 - 0.25, 9e17,
    ]
    for x in edges { XCTAssertEqual(SVG.num(x), reference(x), "\(x)") }
    var state: UInt64 = 20_261_129
    for _ in 0..<200_000 {
      // A fixed sequence (splitmix64) over the scales a picture uses: pixels, probabilities, points.
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      z ^= z >> 31
      let unit = Double(z >> 11) / Double(1 << 53)
      let x = (unit - 0.5) * [2.0, 20, 2_000, 2e6][Int(z & 3)]
      XCTAssertEqual(SVG.num(x), reference(x), "\(x)")
    }
  }

  func testColoursAreTheFormattersToTheByte() {
    for k in 0...1000 {
      let t = Double(k) / 1000
      let hex = SVG.heat(t)
      XCTAssertEqual(hex.count, 7, hex)
      let r = Int(hex.dropFirst().prefix(2), radix: 16)!, g = Int(hex.dropFirst(3).prefix(2), radix: 16)!
      let b = Int(hex.suffix(2), radix: 16)!
      XCTAssertEqual(hex, String(format: "#%02x%02x%02x", r, g, b))
    }
    XCTAssertEqual(SVG.heat(0), "#440154")
    XCTAssertEqual(SVG.heat(1), "#fde725")
  }
}
