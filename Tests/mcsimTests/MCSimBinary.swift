import Foundation
import TestSupport
import XCTest

/// Runs the built `mcsim` executable (it sits beside the test bundle in .build/<config>/).
struct MCSimBinary {
  typealias Result = ChildProcess.Result

  static var url: URL {
    var dir = Bundle(for: BundleToken.self).bundleURL
    while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("mcsim").path), dir.path != "/" {
      dir.deleteLastPathComponent()
    }
    return dir.appendingPathComponent("mcsim")
  }

  /// With `shell`, `arguments` go to /bin/sh, which finds the binary as `$MCSIM` (a command
  /// line as a page prints it, quotes and all).
  static func run(
    _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], cwd: URL? = nil, shell: Bool = false
  ) throws -> Result {
    var environment = environment
    if shell { environment["MCSIM"] = url.path }
    return try ChildProcess.run(
      shell ? "/bin/sh" : url.path, arguments, stdin: stdin.map { Data($0.utf8) }, environment: environment, in: cwd)
  }

  /// `mcsim serve --port 0 --log-level warning` with `arguments`, in the project's root, and the
  /// port it prints once it listens ("mcsim serve: listening on http://127.0.0.1:PORT"). The
  /// caller stops the process.
  static func serve(_ arguments: [String] = []) throws -> (process: Process, port: Int) {
    let (process, output) = try ChildProcess.start(
      url.path, ["serve", "--port", "0", "--log-level", "warning"] + arguments, in: GoldenOutputTests.projectRoot)
    let line = ChildProcess.firstLine(of: output)
    guard let port = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else {
      process.terminate()
      throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "no port in the server's first line: \(line)"])
    }
    return (process, port)
  }

  /// Runs and decodes stdout as a JSON object.
  static func json(_ arguments: [String], allowedStatus: Set<Int32> = [0], cwd: URL? = nil) throws -> [String: Any] {
    let r = try run(arguments, cwd: cwd)
    XCTAssertTrue(allowedStatus.contains(r.status), "exit \(r.status): \(r.stderr)")
    return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
  }
}

private final class BundleToken {}
