import Dispatch
import Foundation

/// A progress line on stderr for runs longer than about a second, only when stderr is a
/// terminal (never in pipes, files or CI logs).
final class ProgressLine: @unchecked Sendable {
  private let start = DispatchTime.now()
  private var shown = false
  private var lastPercent = -1

  static func forTerminal() -> ProgressLine? {
    isatty(STDERR_FILENO) != 0 ? ProgressLine() : nil
  }

  /// Called by one simulation worker with the fraction done.
  @Sendable func update(_ fraction: Double) {
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    guard elapsed > 1 else { return }
    let percent = Int(fraction * 100)
    guard percent != lastPercent else { return }
    lastPercent = percent
    shown = true
    FileHandle.standardError.write(Data("\rsimulating… \(percent)%".utf8))
  }

  func finish() {
    if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
  }
}

extension ProgressLine {
  /// Ctrl-C: clear the progress line (when stderr is a terminal) and exit 130, the shell's
  /// status for an interrupted command. Only async-signal-safe calls in the handler.
  static func clearOnInterrupt() {
    signal(SIGINT) { _ in
      if isatty(STDERR_FILENO) != 0 {
        let clear: StaticString = "\r\u{1B}[K"
        _ = write(STDERR_FILENO, clear.utf8Start, clear.utf8CodeUnitCount)
      }
      _exit(130)
    }
  }
}

/// A progress line for an engine that reports no fraction done (the trade engine): after about
/// a second, what is being simulated and the time so far, once a second; only on a terminal.
final class ElapsedLine: @unchecked Sendable {
  private let timer: DispatchSourceTimer
  private let start = DispatchTime.now()
  private var shown = false
  private let lock = NSLock()

  static func forTerminal(_ label: String) -> ElapsedLine? {
    isatty(STDERR_FILENO) != 0 ? ElapsedLine(label) : nil
  }

  private init(_ label: String) {
    timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
    timer.schedule(deadline: .now() + 1, repeating: 1)
    timer.setEventHandler { [unowned self] in
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - self.start.uptimeNanoseconds) / 1e9
      self.lock.withLock {
        self.shown = true
        FileHandle.standardError.write(Data("\r\(label)… \(Int(elapsed)) s".utf8))
      }
    }
    timer.resume()
  }

  /// `body`, with a line labelled `label` on a terminal while it runs (none for a nil label).
  static func during<T>(_ label: String?, _ body: () throws -> T) rethrows -> T {
    let line = label.flatMap(forTerminal)
    defer { line?.finish() }
    return try body()
  }

  func finish() {
    timer.cancel()
    lock.withLock {
      if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
      shown = false
    }
  }
}
