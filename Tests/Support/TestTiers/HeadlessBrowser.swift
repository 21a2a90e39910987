import Foundation
import XCTest

/// Debian's headless Chromium, as the page and picture tests drive it: the DOM it builds from a
/// URL (after its scripts ran, for `virtualSeconds` of the page's own clock) and a screenshot at
/// a given width. scripts/setup.sh installs it; a test of the tools tier that finds none fails
/// saying so (`TestTier.requireTool`).
public struct HeadlessBrowser: Sendable {
  public let executable: String
  private let profile: String

  public init(file: StaticString = #filePath, line: UInt = #line) throws {
    executable = try TestTier.tools.requireTool(
      "a headless browser", at: ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"],
      file: file, line: line)
    profile = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-browser-\(UUID().uuidString)").path
  }

  /// A run of the browser: its exit status and what it wrote.
  public struct Run: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String
  }

  private var common: [String] {
    ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run", "--user-data-dir=\(profile)"]
  }

  /// The serialised DOM of `url` once loaded; with `virtualSeconds`, after the page's timers
  /// have run for that long on its own clock (Chromium's virtual time: a page that polls every
  /// second polls that many times, as fast as the answers come).
  public func dom(_ url: String, virtualSeconds: Int? = nil) throws -> Run {
    var arguments = common + ["--dump-dom"]
    if let virtualSeconds { arguments.append("--virtual-time-budget=\(virtualSeconds * 1000)") }
    return try Self.run(executable, arguments + [url])
  }

  /// A PNG of `url` at `width` x `height` CSS pixels, written to `path`.
  public func screenshot(_ url: String, width: Int, height: Int, to path: String) throws -> Run {
    try? FileManager.default.removeItem(atPath: path)
    return try Self.run(executable, common + ["--screenshot=\(path)", "--window-size=\(width),\(height)", url])
  }

  public func removeProfile() { try? FileManager.default.removeItem(atPath: profile) }

  /// Runs the browser, reading both of its streams as they come (a full pipe would stall it),
  /// and ends it after `timeout` seconds (a page that never settles fails the test, not the run).
  static func run(_ executable: String, _ arguments: [String], timeout: Double = 120) throws -> Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    let collected = Collected()
    out.fileHandleForReading.readabilityHandler = { collected.add($0.availableData, error: false) }
    err.fileHandleForReading.readabilityHandler = { collected.add($0.availableData, error: true) }
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    if process.isRunning {
      process.terminate()
      collected.add(Data("\n(ended after \(Int(timeout)) s)".utf8), error: true)
    }
    process.waitUntilExit()
    out.fileHandleForReading.readabilityHandler = nil
    err.fileHandleForReading.readabilityHandler = nil
    collected.add(out.fileHandleForReading.readDataToEndOfFile(), error: false)
    collected.add(err.fileHandleForReading.readDataToEndOfFile(), error: true)
    return Run(status: process.terminationStatus, stdout: collected.text(error: false), stderr: collected.text(error: true))
  }

  /// What the browser wrote on each stream, added to from the pipes' handlers.
  private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var out = Data(), err = Data()

    func add(_ data: Data, error: Bool) {
      lock.withLock { if error { err.append(data) } else { out.append(data) } }
    }

    func text(error: Bool) -> String { lock.withLock { String(decoding: error ? err : out, as: UTF8.self) } }
  }
}
