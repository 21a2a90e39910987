import Foundation
import XCTest

/// Runs the built `mcsim` executable (it sits beside the test bundle in .build/<config>/).
struct MCSimBinary {
  struct Result {
    init(status: Int32, stdout: String, stderr: String) {
      self.status = status
      self.stdout = stdout
      self.stderr = stderr
    }
    let status: Int32
    let stdout: String
    let stderr: String
  }

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
    let process = Process()
    process.executableURL = shell ? URL(fileURLWithPath: "/bin/sh") : url
    process.arguments = arguments
    if let cwd { process.currentDirectoryURL = cwd }
    var environment = environment
    if shell { environment["MCSIM"] = url.path }
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    if let stdin {
      let input = Pipe()
      process.standardInput = input
      try process.run()
      input.fileHandleForWriting.write(Data(stdin.utf8))
      try input.fileHandleForWriting.close()
    } else {
      process.standardInput = FileHandle.nullDevice
      try process.run()
    }
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                  stderr: String(decoding: e, as: UTF8.self))
  }

  /// `mcsim serve --port 0 --log-level warning` with `arguments`, in the project's root, and the
  /// port it prints once it listens ("mcsim serve: listening on http://127.0.0.1:PORT"). The
  /// caller stops the process.
  static func serve(_ arguments: [String] = []) throws -> (process: Process, port: Int) {
    let process = Process()
    process.executableURL = url
    process.arguments = ["serve", "--port", "0", "--log-level", "warning"] + arguments
    process.currentDirectoryURL = GoldenOutputTests.projectRoot
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    var line = ""
    while !line.contains("\n") {
      let chunk = out.fileHandleForReading.availableData
      guard !chunk.isEmpty else { break }
      line += String(decoding: chunk, as: UTF8.self)
    }
    guard let port = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
      process.terminate()
      throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "no port in the server's first line: \(line)"])
    }
    return (process, port)
  }

  /// Runs and decodes stdout as a JSON object.
  static func json(_ arguments: [String], allowedStatus: Set<Int32> = [0]) throws -> [String: Any] {
    let r = try run(arguments)
    XCTAssertTrue(allowedStatus.contains(r.status), "exit \(r.status): \(r.stderr)")
    return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
  }
}

private final class BundleToken {}
