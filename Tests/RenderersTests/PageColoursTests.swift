import Foundation
import Renderers
import XCTest

/// The pages' colours pass WCAG 2's contrast check for body text (4.5:1) on every background
/// they are set on, by the formula of WCAG 2.1 (relative luminance of sRGB, (L1 + 0.05) /
/// (L2 + 0.05)).
final class PageColoursTests: XCTestCase {
  static func luminance(_ hex: String) -> Double {
    let digits = hex.dropFirst()
    let value = Int(digits, radix: 16)!
    let channels = [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff].map { c -> Double in
      let s = Double(c) / 255
      return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
  }

  static func contrast(_ a: String, _ b: String) -> Double {
    let (x, y) = (luminance(a), luminance(b))
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)
  }

  func testTheFormulaOnKnownPairs() {
    XCTAssertEqual(Self.contrast("#000000", "#ffffff"), 21, accuracy: 1e-9)
    XCTAssertEqual(Self.contrast("#ffffff", "#ffffff"), 1, accuracy: 1e-9)
    // WebAIM's checker: #777777 on white is 4.48:1 (just fails AA), #767676 4.54:1 (passes).
    XCTAssertEqual(Self.contrast("#777777", "#ffffff"), 4.48, accuracy: 0.005)
    XCTAssertEqual(Self.contrast("#767676", "#ffffff"), 4.54, accuracy: 0.005)
  }

  func testEveryTextColourOnEveryBackgroundPassesAA() {
    XCTAssertFalse(PageShell.colours.isEmpty)
    for (name, colour) in PageShell.colours {
      for (place, background) in PageShell.backgrounds {
        let ratio = Self.contrast(colour, background)
        XCTAssertGreaterThanOrEqual(ratio, 4.5, "\(name) \(colour) on \(place) \(background): \(String(format: "%.2f", ratio)):1")
      }
    }
  }
}
