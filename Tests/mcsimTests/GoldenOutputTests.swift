import Foundation
import TestSupport
import XCTest

/// What clients read must not change by accident: the table and JSON output of every command
/// over Scenarios/, with fixed seeds and threads, compared with the files in Golden/. Times
/// (`1.5 ms`, `elapsed_ms`) are masked; everything else must match to the byte.
/// `MCSIM_RECORD_GOLDEN=1 swift test -c release --disable-testable-imports --filter GoldenOutputTests` re-records them;
/// a change to a golden file is a change to what clients read and says why in its commit.
final class GoldenOutputTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.endToEnd.require() }

  static let cases: [(name: String, arguments: [String])] = {
    let run = ["run", "--line", "225.5", "--home", "115", "--away", "112", "--seed", "3", "--threads", "2"]
    let sweeps = [
      "run", "--line", "221", "--home", "112.5", "--away", "108.3", "--scenarios", "--sensitivity",
      "--sims", "20000", "--seed", "4", "--threads", "2",
    ]
    let request = ["run", "--request", "Scenarios/simulate_request.json", "--seed", "5", "--threads", "2"]
    let batch = ["slate", "Scenarios/slate_batch.json", "--sims", "20000", "--seed", "6", "--threads", "2"]
    let native = ["slate", "Scenarios/slate_native.json", "--sims", "20000", "--seed", "7", "--threads", "2"]
    let feed = [
      "slate", "--odds", "Scenarios/feed_odds_api_nba.json", "--stats", "Scenarios/feed_team_stats.json",
      "--sims", "20000", "--seed", "8", "--threads", "2",
    ]
    let fair = ["fair", "Scenarios/quotes.json"]
    let devig = ["devig", "--method", "all", "--", "-110", "-120"]
    let convert = ["odds", "convert", "--", "-110", "+150", "1.91", "10/11"]
    let tradeExact = ["trade", "Scenarios/trade_request.json", "--deterministic"]
    let tradeSimulated = ["trade", "Scenarios/trade_request.json", "--sims", "20000", "--seed", "9", "--threads", "2"]
    let sweep = [
      "sweep", "--line", "220:230:1", "--rho", "0,0.5", "--home", "115", "--away", "112", "--spread", "-3.5",
      "--moneyline", "--sims", "20000", "--seed", "10", "--threads", "2",
    ]
    let tradeBatch = ["trade", "--squad", "Scenarios/afl_squad.json", "--pool", "Scenarios/afl_pool.json", "--deterministic", "--top", "5"]
    // Parlays on the joint histogram and on the multivariate path's loop transform (d = 8): both
    // give the same bits on every x86-64 (dgemm's last bits follow OpenBLAS's kernel for the CPU).
    let parlay = [
      "parlay", "--home", "115", "--away", "112", "--leg", "over:225.5", "--leg", "home-spread:-3.5",
      "--leg", "home-ml", "--price", "6.0", "--sims", "20000", "--seed", "11", "--threads", "2",
    ]
    let parlayFile = ["parlay", "Scenarios/parlay.json", "--sims", "20000", "--seed", "12", "--threads", "2"]
    var out: [(String, [String])] = []
    for (name, args) in [
      ("run", run), ("run-sweeps", sweeps), ("run-request", request), ("slate-batch", batch), ("slate-native", native),
      ("slate-feed", feed), ("fair", fair), ("devig", devig), ("odds-convert", convert), ("trade-deterministic", tradeExact),
      ("trade-simulated", tradeSimulated), ("trade-batch", tradeBatch), ("sweep", sweep), ("parlay", parlay),
      ("parlay-file", parlayFile),
    ] {
      out.append((name + ".table", args))
      var json = args
      json.insert("--json", at: args.firstIndex(of: "--") ?? args.count)  // options before `--`
      out.append((name + ".json", json))
    }
    return out
  }()

  static var directory: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden") }
  static var projectRoot: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }

  /// Masks what legitimately changes from run to run: wall times.
  static func normalise(_ text: String) -> String {
    var s = text
    for (pattern, replacement) in [
      (#"\d+(\.\d+)? (ms|s)\b"#, "<time>"),
      (#""(elapsed_ms|elapsed_seconds|elapsed|simulation_ms|evaluation_ms|exact_ms)":\s*[0-9.eE+-]+"#, #""$1":<time>"#),
    ] {
      s = s.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
    }
    return s
  }

  func testEveryCommandStillPrintsWhatItPrintedBefore() throws {
    let record = ProcessInfo.processInfo.environment["MCSIM_RECORD_GOLDEN"] == "1"
    let cwd = FileManager.default.currentDirectoryPath
    FileManager.default.changeCurrentDirectoryPath(Self.projectRoot.path)
    defer { FileManager.default.changeCurrentDirectoryPath(cwd) }
    for (name, arguments) in Self.cases {
      let r = try MCSimBinary.run(arguments)
      let text = Self.normalise("$ mcsim \(arguments.joined(separator: " "))\nexit \(r.status)\n--- stdout\n\(r.stdout)--- stderr\n\(r.stderr)")
      let file = Self.directory.appendingPathComponent(name + ".txt")
      if record {
        try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        continue
      }
      let expected = try String(contentsOf: file, encoding: .utf8)
      if text != expected {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = text.split(separator: "\n", omittingEmptySubsequences: false)
        let i = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        XCTFail(
          "\(name): differs at line \(i + 1):\n  golden: \(i < a.count ? String(a[i]) : "<end>")\n  now:    \(i < b.count ? String(b[i]) : "<end>")")
      }
    }
  }
}
