import Foundation
import XCTest

/// Debian's headless Chromium, as the page and picture tests drive it: the DOM it builds from a
/// URL (after its scripts ran, for `virtualSeconds` of the page's own clock) and a screenshot at
/// a given width. scripts/setup.sh installs it; a test of the tools tier that finds none fails
/// saying so (`TestTier.requireTool`).
package struct HeadlessBrowser: Sendable {
  package let executable: String
  private let profile: String

  package init(file: StaticString = #filePath, line: UInt = #line) throws {
    executable = try TestTier.tools.requireTool(
      "a headless browser", at: ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"],
      file: file, line: line)
    profile = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-browser-\(UUID().uuidString)").path
  }

  private var common: [String] {
    ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run", "--user-data-dir=\(profile)"]
  }

  /// The serialised DOM of `url` once loaded; with `virtualSeconds`, after the page's timers
  /// have run for that long on its own clock (Chromium's virtual time: a page that polls every
  /// second polls that many times, as fast as the answers come).
  package func dom(_ url: String, virtualSeconds: Int? = nil) throws -> ChildProcess.Result {
    var arguments = common + ["--dump-dom"]
    if let virtualSeconds { arguments.append("--virtual-time-budget=\(virtualSeconds * 1000)") }
    return try ChildProcess.run(executable, arguments + [url], timeout: 120)
  }

  /// A PNG of `url` at `width` x `height` CSS pixels, written to `path`.
  package func screenshot(_ url: String, width: Int, height: Int, to path: String) throws -> ChildProcess.Result {
    try? FileManager.default.removeItem(atPath: path)
    return try ChildProcess.run(executable, common + ["--screenshot=\(path)", "--window-size=\(width),\(height)", url], timeout: 120)
  }

  package func removeProfile() { try? FileManager.default.removeItem(atPath: profile) }
}
