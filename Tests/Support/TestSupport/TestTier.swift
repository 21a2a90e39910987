import Foundation
import XCTest

/// The suite's tiers. `swift test` alone runs the fast tier: every test that does not say
/// otherwise. The others run when `MCSIM_TEST_TIERS` asks for them (a comma-separated list of
/// `statistical`, `end-to-end`, `tools`, `soak`, or `all`); `.ci/run` asks for all.
///
/// - statistical: Monte Carlo checks that simulate tens of millions of games;
/// - end-to-end: tests that launch the built `mcsim` binary or a live server under load;
/// - tools: tests that need an external tool scripts/setup.sh installs (headless Chromium,
///   schemathesis, kubernetes-validate, qemu-user and a cross compiler, Slurm);
/// - soak: long runs of mixed load against the server.
///
/// A test of a tier not asked for skips with the reason; a test of a tier asked for whose tool
/// is missing fails, saying how to install it.
package enum TestTier: String, CaseIterable, Sendable {
  case statistical
  case endToEnd = "end-to-end"
  case tools
  case soak

  package static let variable = "MCSIM_TEST_TIERS"

  /// The tiers asked for by `MCSIM_TEST_TIERS`.
  package static var requested: Set<TestTier> {
    let text = ProcessInfo.processInfo.environment[variable] ?? ""
    let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    if names.contains("all") { return Set(allCases) }
    return Set(names.compactMap(TestTier.init(rawValue:)))
  }

  package var isRequested: Bool { Self.requested.contains(self) }

  /// Skips the calling test unless this tier was asked for.
  package func require() throws {
    guard isRequested else {
      throw XCTSkip("\(rawValue) tier: set \(Self.variable)=\(rawValue) (or all) to run it")
    }
  }

  /// The tool at the first of `paths` that is executable. Skips when this tier was not asked
  /// for; when it was and the tool is missing, fails saying how to get it.
  package func requireTool(
    _ name: String, at paths: [String], install: String = "run `bash scripts/setup.sh`",
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> String {
    try require()
    if let found = paths.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) { return found }
    let reason = "\(name) is missing (looked for \(paths.joined(separator: ", "))): \(install)"
    XCTFail(reason, file: file, line: line)
    throw XCTSkip(reason)
  }
}
