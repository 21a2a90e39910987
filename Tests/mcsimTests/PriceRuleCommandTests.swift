import Foundation
import TestSupport
import XCTest

/// One rule for a price in every command (issue 43, item 5): an unsigned price of 100 or more,
/// given as an option, an argument, or in any input file a command reads, is read as decimal
/// odds as written and warned about on stderr, naming the option or the file and field, in the
/// same words as the server's `warnings`. Input x entry point.
final class PriceRuleCommandTests: XCTestCase {
  override func setUpWithError() throws {
    try TestTier.endToEnd.require()
    FileManager.default.changeCurrentDirectoryPath(GoldenOutputTests.projectRoot.path)
  }

  /// A scenario file with one edit, as text for stdin.
  func edited(_ name: String, _ edit: (inout [String: Any]) -> Void) throws -> String {
    let data = try Data(contentsOf: GoldenOutputTests.projectRoot.appendingPathComponent("Scenarios/\(name)"))
    var body = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    edit(&body)
    return String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
  }

  func testEveryCommandWarnsAboutAnUnsignedAmericanLookingPriceTheSameWay() throws {
    let game = ["--home", "115", "--away", "112"]
    let cases: [(args: [String], stdin: String?, said: String)] = [
      (["run", "--line", "225.5"] + game + ["--over-odds", "110", "--sims", "2000"], nil, "warning: --over-odds: '110'"),
      (["sweep", "--line", "225.5"] + game + ["--under-odds", "150", "--sims", "2000"], nil, "warning: --under-odds: '150'"),
      (["sweep", "--line", "225.5"] + game + ["--price", "110", "--sims", "2000"], nil, "warning: --price: '110'"),
      (["sweep", "--line", "225.5"] + game + ["--price", "1.91,2.0,150", "--sims", "2000"], nil, "warning: --price: '150'"),
      (["sweep", "--line", "225.5"] + game + ["--price", "99:101:1", "--sims", "2000"], nil, "warning: --price: '101'"),
      (["parlay"] + game + ["--leg", "over:225.5", "--price", "260", "--sims", "2000"], nil, "warning: --price: '260'"),
      (["odds", "convert", "150"], nil, "warning: '150'"),
      (["devig", "home=110", "away=1.01"], nil, "warning: home: '110'"),
      (
        ["run", "--request", "-"],
        try edited("simulate_request.json") {
          $0["over_odds"] = 110; $0["n_sims"] = 2000
        },
        "warning: stdin: over_odds: '110'"
      ),
      (
        ["slate", "-", "--sims", "2000"],
        try edited("slate_batch.json") { body in
          var games = body["games"] as! [[String: Any]]
          games[1]["under_odds"] = "150"
          body["games"] = games
        }, "warning: stdin: games[1].under_odds: '150'"
      ),
      (["parlay", "-", "--sims", "2000"], try edited("parlay.json") { $0["price"] = "2500" }, "warning: stdin: price: '2500'"),
      (
        ["fair", "-"],
        try edited("quotes.json") { body in
          var quotes = body["quotes"] as! [[String: Any]]
          quotes[0]["price"] = "120"
          body["quotes"] = quotes
        }, "warning: stdin: quotes[0].price: '120'"
      ),
    ]
    for c in cases {
      let r = try MCSimBinary.run(c.args, stdin: c.stdin)
      XCTAssertTrue([0, 3].contains(r.status), "\(c.args): exit \(r.status): \(r.stderr)")
      let warnings = r.stderr.split(separator: "\n").filter { $0.contains("is read as decimal odds") }
      XCTAssertEqual(warnings.count, 1, "\(c.args): \(r.stderr)")
      XCTAssertTrue(warnings.first?.hasPrefix(c.said) == true, "\(c.args): \(r.stderr)")
      XCTAssertTrue(warnings.first?.contains("American odds are written +") == true, "\(c.args): \(r.stderr)")
    }
  }

  /// `sweep --price` reads each price of its grid by the rule: one price or a list in any form
  /// (American, fractional, decimal), the same numbers as the same prices given as
  /// `--over-odds`/`--under-odds`; a range steps decimal odds and refuses American ends.
  func testSweepReadsItsPricesByThePriceRule() throws {
    let base = ["sweep", "--line", "225.5", "--home", "115", "--away", "112", "--sims", "2000", "--seed", "7", "--json"]
    func priced(_ args: [String]) throws -> [[String: Any]] {
      let r = try MCSimBinary.run(base + args)
      XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
      XCTAssertFalse(r.stderr.contains("is read as decimal odds"), "\(args): \(r.stderr)")
      let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], r.stdout)
      return try XCTUnwrap((json["result"] as? [String: Any])?["points"] as? [[String: Any]], "\(json.keys)")
    }
    for (price, over, under) in [("-110", "-110", "-110"), ("10/11", "10/11", "10/11"), ("+150", "2.5", "+150")] {
      let grid = try priced(["--price", price]), options = try priced(["--over-odds", over, "--under-odds", under])
      XCTAssertEqual(grid.count, 1)
      for key in ["ev_over", "ev_under", "p_over"] {
        XCTAssertEqual(grid[0][key] as? Double, options[0][key] as? Double, "--price \(price): \(key)")
      }
    }
    let list = try priced(["--price", " -120, -110 ,+100"])
    XCTAssertEqual(list.count, 3)
    XCTAssertEqual(try priced(["--price", "10/11,1.95,2"]).count, 3, "a fraction in a list")
    XCTAssertEqual(
      list.map { ($0["ev_over"] as? Double) ?? .nan }, list.map { ($0["ev_over"] as? Double) ?? .nan }.sorted(), "EV rises with the price")
    for (grid, said) in [
      ("-100:-120:5", "a range of prices steps decimal odds"), ("+100,-110", "list prices must increase as decimal odds"),
      ("-110,", "an empty value in the list"), ("abc", "--price: cannot read odds from 'abc'"),
      ("1.91:", "a range is start:end:step"), ("1.8:2.1:-0.1", "the step must be positive"),
    ] {
      let r = try MCSimBinary.run(base + ["--price", grid])
      XCTAssertEqual(r.status, 64, "\(grid): \(r.stderr)")
      XCTAssertTrue(r.stderr.contains("--price") && r.stderr.contains(said), "\(grid): \(r.stderr)")
    }
  }

  /// The same commands with ordinary prices say nothing of the kind.
  func testOrdinaryPricesAreNotWarnedAbout() throws {
    for args in [
      ["run", "--line", "225.5", "--home", "115", "--away", "112", "--over-odds", "-110", "--under-odds", "1.91", "--sims", "2000"],
      ["slate", "Scenarios/slate_batch.json", "--sims", "2000"], ["fair", "Scenarios/quotes.json"], ["devig", "-110", "+100"],
    ] {
      let r = try MCSimBinary.run(args)
      XCTAssertFalse(r.stderr.contains("is read as decimal odds"), "\(args): \(r.stderr)")
    }
  }
}
