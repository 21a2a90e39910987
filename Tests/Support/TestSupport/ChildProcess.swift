import Foundation

/// The one way the tests start another program: the built `mcsim`, a shell, curl,
/// schemathesis, Chromium, a compiler under qemu. It reads both of the child's streams as they
/// come (a child that fills one pipe while the test reads the other would stall), feeds it
/// `stdin` if given, and ends it after `timeout` seconds, saying so on its stderr, so a hung
/// child fails its test rather than the whole run.
package enum ChildProcess {
  /// A finished child: its exit status and what it wrote.
  package struct Result: Sendable {
    package let status: Int32
    package let stdout: String
    package let stderr: String

    package init(status: Int32, stdout: String, stderr: String) {
      self.status = status
      self.stdout = stdout
      self.stderr = stderr
    }
  }

  /// Runs `executable` with `arguments` to its end. `environment` is added to the test's own;
  /// with `mergingStderr`, both streams go to `stdout` in the order written (as a terminal
  /// shows them) and `stderr` is empty.
  package static func run(
    _ executable: String, _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
    in directory: URL? = nil, mergingStderr: Bool = false, timeout: Double = 600
  ) throws -> Result {
    let process = configured(executable, arguments, environment: environment, in: directory)
    let out = Pipe(), err = mergingStderr ? nil : Pipe()
    process.standardOutput = out
    process.standardError = err ?? out
    let input = stdin.map { _ in Pipe() }
    process.standardInput = input ?? FileHandle.nullDevice
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }

    let readers = DispatchGroup()
    let collected = Collected()
    func drain(_ pipe: Pipe, error: Bool) {
      readers.enter()
      Thread.detachNewThread {
        collected.set(pipe.fileHandleForReading.readDataToEndOfFile(), error: error)
        readers.leave()
      }
    }
    try process.run()
    drain(out, error: false)
    if let err { drain(err, error: true) }
    if let input, let stdin {
      input.fileHandleForWriting.write(stdin)
      try? input.fileHandleForWriting.close()
    }
    var timedOut = false
    if exited.wait(timeout: .now() + timeout) == .timedOut {
      timedOut = true
      process.terminate()
      exited.wait()
    }
    // A child ended for its time may leave its own children holding the pipes: wait for the
    // readers a little, not for ever.
    if timedOut { _ = readers.wait(timeout: .now() + 10) } else { readers.wait() }
    process.waitUntilExit()
    let note = timedOut ? "\n(ended after \(Int(timeout)) s)" : ""
    return Result(
      status: process.terminationStatus, stdout: collected.text(error: false),
      stderr: collected.text(error: true) + note)
  }

  /// Starts `executable` and leaves it running: the caller reads its standard output (its
  /// stderr is discarded), signals it and waits for it (`Process`'s own `interrupt()`,
  /// `terminate()`, `waitUntilExit()`).
  package static func start(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil
  ) throws -> (process: Process, output: FileHandle) {
    let process = configured(executable, arguments, environment: environment, in: directory)
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return (process, out.fileHandleForReading)
  }

  /// The first line `output` gives (without its newline), or what came before it closed.
  package static func firstLine(of output: FileHandle) -> String {
    var text = ""
    while !text.contains("\n") {
      let chunk = output.availableData
      guard !chunk.isEmpty else { break }
      text += String(decoding: chunk, as: UTF8.self)
    }
    return String(text.prefix { $0 != "\n" })
  }

  private static func configured(
    _ executable: String, _ arguments: [String], environment: [String: String], in directory: URL?
  ) -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    return process
  }

  /// Each stream's bytes, set once by its reader thread.
  private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var out = Data(), err = Data()

    func set(_ data: Data, error: Bool) {
      lock.lock()
      defer { lock.unlock() }
      if error { err = data } else { out = data }
    }

    func text(error: Bool) -> String {
      lock.lock()
      defer { lock.unlock() }
      return String(decoding: error ? err : out, as: UTF8.self)
    }
  }
}
