import Foundation
import TestSupport
import XCTest

/// With a bankroll, every stake of every output is shown in money beside its fraction (issue 43,
/// item 5): each JSON stake has its amount (`stake_amount`, `stake_over_amount`, a slate's bet
/// `stake` beside its `stake_fraction`), each CSV stake column its `_amount` twin, each table
/// its money. Output x command.
final class StakeMoneyCommandTests: XCTestCase {
  override func setUpWithError() throws {
    try TestTier.endToEnd.require()
    FileManager.default.changeCurrentDirectoryPath(GoldenOutputTests.projectRoot.path)
  }

  static let bankroll = 1000.0
  /// On the model alone (`--model seed`), whose advice stakes these bets (the shipped model pools
  /// projections given with the market and stakes almost nothing).
  static let commands: [(name: String, args: [String])] = [
    ("run", ["run", "--line", "224.5", "--home", "115", "--away", "112", "--seed", "3", "--model", "seed"]),
    ("slate", ["slate", "Scenarios/slate_batch.json", "--sims", "20000", "--seed", "3", "--model", "seed"]),
    ("sweep", ["sweep", "--line", "215:235:5", "--home", "115", "--away", "112", "--seed", "1", "--model", "seed"]),
    (
      "parlay",
      ["parlay", "--home", "115", "--away", "112", "--leg", "over:215.5", "--leg", "home-ml", "--price", "2.6", "--sims", "200000", "--seed", "1"]
    ),
    ("props", ["props", "Scenarios/props_feed_nba.json", "--projections", "Scenarios/props_projections.json", "--sims", "20000", "--seed", "3"]),
  ]

  /// Every (fraction, amount) pair of stakes in a JSON document, with where it was found.
  static func stakes(in value: Any, at path: String = "") -> [(path: String, fraction: Double, amount: Double?)] {
    var out: [(String, Double, Double?)] = []
    if let object = value as? [String: Any] {
      if let fraction = object["stake_fraction"] as? Double, let money = object["stake"] as? Double {
        out.append((path, fraction, money))
      } else if let fraction = object["stake"] as? Double {
        out.append((path, fraction, object["stake_amount"] as? Double))
      }
      for side in ["over", "under"] {
        if let fraction = object["stake_\(side)"] as? Double {
          out.append(("\(path).stake_\(side)", fraction, object["stake_\(side)_amount"] as? Double))
        }
      }
      for (key, child) in object { out += stakes(in: child, at: "\(path).\(key)") }
    } else if let array = value as? [Any] {
      for (i, child) in array.enumerated() { out += stakes(in: child, at: "\(path)[\(i)]") }
    }
    return out
  }

  func testEveryJSONStakeHasItsAmount() throws {
    for command in Self.commands {
      let doc = try MCSimBinary.json(command.args + ["--bankroll", "1000", "--json"], allowedStatus: [0, 3])
      let found = Self.stakes(in: doc)
      XCTAssertFalse(found.isEmpty, command.name)
      XCTAssertTrue(found.contains { $0.fraction > 0 }, "\(command.name): no stake is recommended, so the test proves nothing")
      for s in found {
        let amount = try XCTUnwrap(s.amount, "\(command.name) \(s.path): a stake without its amount")
        XCTAssertEqual(amount, Self.bankroll * s.fraction, accuracy: 1e-9 * Self.bankroll, "\(command.name) \(s.path)")
      }
    }
  }

  func testEveryTableShowsTheMoney() throws {
    for command in Self.commands {
      let json = try MCSimBinary.json(command.args + ["--bankroll", "1000", "--json"], allowedStatus: [0, 3])
      let amounts = Self.stakes(in: json).compactMap(\.amount).filter { $0 > 0 }
      let table = try MCSimBinary.run(command.args + ["--bankroll", "1000"])
      XCTAssertTrue([0, 3].contains(table.status), "\(command.name): \(table.stderr)")
      // The largest stake in money appears, to the cent, in the table, beside its fraction
      // ("2.02% = 20.25", "0.0202 = 20.25").
      let largest = try XCTUnwrap(amounts.max(), command.name)
      XCTAssertTrue(
        table.stdout.contains(" = " + String(format: "%.2f", largest)),
        "\(command.name): \(String(format: "%.2f", largest)) not beside a fraction in\n\(table.stdout)")
    }
  }

  func testCSVStakesSayTheirUnit() throws {
    for command in Self.commands where ["slate", "sweep"].contains(command.name) {
      let r = try MCSimBinary.run(command.args + ["--bankroll", "1000", "--csv"])
      XCTAssertTrue([0, 3].contains(r.status), r.stderr)
      let rows = r.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
      let header = try XCTUnwrap(rows.first)
      let fractions = header.indices.filter { header[$0].hasPrefix("stake_") && header[$0].hasSuffix("_frac") }
      XCTAssertFalse(fractions.isEmpty, "\(command.name): \(header)")
      XCTAssertFalse(
        header.contains { $0.hasPrefix("stake_") && !$0.hasSuffix("_frac") && !$0.hasSuffix("_amount") && !$0.hasSuffix("_side") }, "\(header)")
      for f in fractions {
        let a = try XCTUnwrap(header.firstIndex(of: header[f].replacingOccurrences(of: "_frac", with: "_amount")), header[f])
        for row in rows.dropFirst() where row.count == header.count && !row[f].isEmpty {
          XCTAssertEqual(Double(row[a]) ?? .nan, 1000 * (Double(row[f]) ?? .nan), accuracy: 1e-6, "\(command.name) \(header[f])")
        }
      }
    }
  }
}
