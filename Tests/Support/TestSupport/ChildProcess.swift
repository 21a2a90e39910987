import Foundation

#if canImport(Glibc)
  import Glibc
#endif

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
  /// shows them) and `stderr` is empty. A child still running after `timeout` seconds gets
  /// SIGTERM, then SIGKILL 5 s later; what it wrote until then is returned, with a note.
  package static func run(
    _ executable: String, _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
    in directory: URL? = nil, mergingStderr: Bool = false, timeout: Double = 600
  ) throws -> Result {
    _ = ignoreBrokenPipes
    let process = configured(executable, arguments, environment: environment, in: directory)
    let out = Pipe(), err = mergingStderr ? nil : Pipe()
    process.standardOutput = out
    process.standardError = err ?? out
    let input = stdin.map { _ in Pipe() }
    process.standardInput = input ?? FileHandle.nullDevice
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }

    // Each stream read as it comes, so what a child wrote survives it being ended.
    let readers = DispatchGroup()
    let collected = Collected()
    func drain(_ pipe: Pipe, error: Bool) {
      readers.enter()
      Thread.detachNewThread {
        while case let chunk = pipe.fileHandleForReading.availableData, !chunk.isEmpty {
          collected.add(chunk, error: error)
        }
        readers.leave()
      }
    }
    let deadline = DispatchTime.now() + timeout
    try process.run()
    drain(out, error: false)
    if let err { drain(err, error: true) }
    if let input, let stdin {
      // From its own thread: a child that reads nothing must not block the test before its
      // deadline; one that ends first leaves the write failing (EPIPE), not the test process.
      Thread.detachNewThread {
        try? input.fileHandleForWriting.write(contentsOf: stdin)
        try? input.fileHandleForWriting.close()
      }
    }
    var timedOut = false
    if exited.wait(timeout: deadline) == .timedOut {
      timedOut = true
      process.terminate()
      if exited.wait(timeout: .now() + 5) == .timedOut {
        kill(process.processIdentifier, SIGKILL)
        exited.wait()
      }
    }
    // A child's own children may hold the pipes after it ends: wait for the readers a little
    // past the deadline, not for ever.
    _ = readers.wait(timeout: max(deadline, .now()) + 10)
    process.waitUntilExit()
    let note = timedOut ? "\n(ended after \(Int(timeout)) s)" : ""
    return Result(
      status: process.terminationStatus, stdout: collected.text(error: false),
      stderr: collected.text(error: true) + note)
  }

  /// A write to a pipe whose reader has gone fails with EPIPE instead of killing the tests.
  private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

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

  /// Each stream's bytes, added to by its reader thread.
  private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var out = Data(), err = Data()

    func add(_ data: Data, error: Bool) {
      lock.withLock { if error { err.append(data) } else { out.append(data) } }
    }

    func text(error: Bool) -> String { lock.withLock { String(decoding: error ? err : out, as: UTF8.self) } }
  }
}
