import Foundation
import TestSupport
import XCTest

/// docs/reference/ holds one page per subcommand, generated from the argument parser's own
/// help: every option `--help` prints is on its page, and a help page that changes without its
/// page fails here. `MCSIM_RECORD_GOLDEN=1 swift test -c release --disable-testable-imports --filter HelpReferenceTests`
/// rewrites the pages (and the index) from the built binary.
final class HelpReferenceTests: XCTestCase {
  override func setUpWithError() throws { try TestTier.endToEnd.require() }

  static var directory: URL { GoldenOutputTests.projectRoot.appendingPathComponent("docs/reference") }

  /// The subcommands `mcsim --help` lists, with those of a command that has its own (`odds convert`).
  func subcommands() throws -> [[String]] {
    var out: [[String]] = []
    for name in try Self.listed(in: MCSimBinary.run(["--help"]).stdout) {
      let nested = try Self.listed(in: MCSimBinary.run([name, "--help"]).stdout)
      out.append([name])
      out += nested.map { [name, $0] }
    }
    return out
  }

  /// The names under SUBCOMMANDS: in a help page.
  static func listed(in help: String) -> [String] {
    guard let start = help.range(of: "SUBCOMMANDS:\n") else { return [] }
    return help[start.upperBound...].split(separator: "\n").compactMap { line in
      guard line.hasPrefix("  "), !line.hasPrefix("   "), let word = line.split(separator: " ").first,
        word != "See", word.first?.isLetter == true
      else { return nil }
      return String(word)
    }
  }

  static func page(_ command: [String], help: String) -> String {
    let name = (["mcsim"] + command).joined(separator: " ")
    return """
      # \(name)

      Generated from `\(name) --help` by the suite (HelpReferenceTests), which fails when this page \
      and the help differ. Guides: [docs/](../).

      ```
      \(help.trimmingCharacters(in: .newlines))
      ```

      """
  }

  func testEverySubcommandsHelpIsItsReferencePage() throws {
    let record = ProcessInfo.processInfo.environment["MCSIM_RECORD_GOLDEN"] == "1"
    let commands = try subcommands()
    XCTAssertGreaterThanOrEqual(commands.count, 15, "fourteen commands and odds convert: \(commands)")
    var index =
      "# Reference\n\nOne page per subcommand, generated from its `--help` (checked by the suite), and\n[openapi.json](openapi.json), the server's OpenAPI document.\n\n"
    for command in commands {
      let help = try MCSimBinary.run(command + ["--help"])
      XCTAssertEqual(help.status, 0, help.stderr)
      let file = command.joined(separator: "-") + ".md"
      let text = Self.page(command, help: help.stdout)
      index += "- [mcsim \(command.joined(separator: " "))](\(file))\n"
      let url = Self.directory.appendingPathComponent(file)
      if record {
        try text.write(to: url, atomically: true, encoding: .utf8)
        continue
      }
      let checkedIn = try? String(contentsOf: url, encoding: .utf8)
      XCTAssertEqual(
        checkedIn, text,
        "docs/reference/\(file) is stale: MCSIM_RECORD_GOLDEN=1 swift test -c release --disable-testable-imports --filter HelpReferenceTests rewrites it"
      )
      // Every option the help lists is on the page (by construction; a hand edit would break it).
      for option in help.stdout.matches(of: /--[a-z][a-z0-9-]*/).map({ String($0.output) }) {
        XCTAssertTrue(checkedIn?.contains(option) ?? false, "\(file) does not show \(option)")
      }
    }
    let indexURL = Self.directory.appendingPathComponent("README.md")
    if record { try index.write(to: indexURL, atomically: true, encoding: .utf8) }
    XCTAssertEqual(try? String(contentsOf: indexURL, encoding: .utf8), index, "docs/reference/README.md is stale")
  }
}
