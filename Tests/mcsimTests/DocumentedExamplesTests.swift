import Foundation
import TestSupport
import XCTest

/// Every `mcsim` command the README and docs/ show runs from a fresh clone as written: each
/// command line of their code blocks (continuation lines joined, trailing comments dropped) runs
/// in a scratch directory holding the project's Scenarios/ and data/, in the order the pages
/// give them (so `calibrate --out model.json` comes before the commands that read it), and exits
/// 0 (or 3, the partial result, for a slate whose feed holds games it cannot price). Left out, each for its reason: `serve` (it runs until stopped), placeholders a reader
/// fills in (FEED, FILE, KEY, slate.json), URLs of paid feeds, and the 10^10-game shard
/// examples (hours of work by design).
final class DocumentedExamplesTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.endToEnd.require() }

  static let pages = [
    "README.md", "docs/calibrate-ratings-backtest.md", "docs/one-game.md", "docs/odds.md", "docs/slates-and-live-lines.md",
    "docs/parlays-and-props.md", "docs/sweeps-and-pictures.md", "docs/trades.md", "docs/shards.md", "docs/serving.md",
  ]

  /// The command lines of `text`'s code blocks, without the `$ ` prompt and trailing comments.
  static func commands(in text: String) -> [String] {
    var out: [String] = []
    var inBlock = false
    var pending = ""
    for raw in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if raw.hasPrefix("```") {
        inBlock.toggle()
        pending = ""
        continue
      }
      guard inBlock else { continue }
      var line = raw
      if !pending.isEmpty {
        line = pending + " " + line.trimmingCharacters(in: .whitespaces)
        pending = ""
      } else {
        if line.hasPrefix("$ ") { line.removeFirst(2) }
        guard line.hasPrefix("mcsim ") else { continue }
      }
      if let hash = line.range(of: "  #") ?? line.range(of: " # ") { line = String(line[..<hash.lowerBound]) }
      line = line.trimmingCharacters(in: .whitespaces)
      if line.hasSuffix("\\") {
        pending = String(line.dropLast()).trimmingCharacters(in: .whitespaces)
        continue
      }
      out.append(line)
    }
    return out
  }

  static func words(_ command: String) -> [String] { command.split(separator: " ").map(String.init) }

  static func runnable(_ command: String) -> Bool {
    let words = Self.words(command)
    if words.count < 2 || words[1] == "serve" { return false }
    if ["FEED", "FILE", "KEY", "slate.json", "http://", "https://", "10000000000", "parts/", ".part"].contains(where: {
      command.contains($0)
    }) {
      return false
    }
    // Output lines that begin with the command's name (`mcsim run · 10,000 simulations ...`).
    return words[1].first?.isLetter == true && !command.contains("·")
  }

  func testEveryDocumentedCommandRunsAsWritten() throws {
    let root = GoldenOutputTests.projectRoot
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-examples-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    for folder in ["Scenarios", "data"] {
      try FileManager.default.createSymbolicLink(
        at: scratch.appendingPathComponent(folder), withDestinationURL: root.appendingPathComponent(folder))
    }
    var ran = 0
    for page in Self.pages {
      let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
      for command in Self.commands(in: text) where Self.runnable(command) {
        let r = try MCSimBinary.run(["-c", "exec \"$MCSIM\" " + command.dropFirst("mcsim ".count)], cwd: scratch, shell: true)
        // 3 is the documented partial result (a feed's games the slate cannot price are named,
        // the rest are priced and printed), which some examples show on purpose.
        let partial = r.status == 3 && Self.words(command).dropFirst().first == "slate" && !r.stdout.isEmpty
        XCTAssertTrue(r.status == 0 || partial, "\(page): \(command): exit \(r.status)\n\(r.stderr.prefix(400))")
        ran += 1
      }
    }
    print("documented examples: \(ran) commands ran")
    XCTAssertGreaterThan(ran, 40)
  }
}
