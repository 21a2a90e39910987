import Foundation
import OddsMath
import XCTest

/// Every method against values computed once at 60 digits by scripts/devig_reference.py
/// (mpmath, plain bisection for every outcome count, so the two-outcome closed forms are
/// checked against an independent solution).
final class DevigReferenceTests: XCTestCase {
  struct Reference: Decodable {
    struct Entry: Decodable {
      let probabilities: [String]
      let parameter: String?
    }
    struct MarketEntry: Decodable {
      let name: String
      let decimals: [String]
      let margin: String
      let methods: [String: Entry]
    }
    let markets: [MarketEntry]
  }

  func loadReference() throws -> Reference {
    let url = try XCTUnwrap(
      Bundle.module.url(forResource: "devig_reference", withExtension: "json", subdirectory: "Resources"))
    return try JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
  }

  func testEveryMethodMatchesTheHighPrecisionReference() throws {
    let reference = try loadReference()
    XCTAssertGreaterThanOrEqual(reference.markets.count, 14)
    var checked = 0
    for entry in reference.markets {
      let prices = try entry.decimals.map { try Odds(decimal: try XCTUnwrap(Double($0))) }
      let market = try Market(prices: prices)
      XCTAssertEqual(market.overround, try XCTUnwrap(Double(entry.margin)), accuracy: 1e-15, entry.name)
      XCTAssertEqual(Set(entry.methods.keys), Set(DevigMethod.allCases.map(\.rawValue)), entry.name)
      for method in DevigMethod.allCases {
        let expected = try XCTUnwrap(entry.methods[method.rawValue])
        let result = market.devig(method)
        XCTAssertEqual(result.probabilities.count, expected.probabilities.count)
        for (got, want) in zip(result.probabilities, expected.probabilities) {
          XCTAssertEqual(got, try XCTUnwrap(Double(want)), accuracy: 1e-12, "\(entry.name) \(method)")
        }
        if let want = expected.parameter.flatMap(Double.init) {
          let got = try XCTUnwrap(result.parameter, "\(entry.name) \(method)")
          XCTAssertEqual(got, want, accuracy: 1e-11 * max(1, abs(want)), "\(entry.name) \(method) parameter")
        } else {
          XCTAssertNil(result.parameter, "\(entry.name) \(method)")
        }
        checked += 1
      }
    }
    XCTAssertEqual(checked, reference.markets.count * DevigMethod.allCases.count)
  }
}
