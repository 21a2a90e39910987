import Foundation
import Synchronization

/// Where the live slate's inputs are read from, once a refresh (`serve --odds`, `--stats`,
/// `--results`, `--scoreboard`): each configured source's bytes, by its argument as configured (a
/// path, `-`, a URL with its key), at most `maxBytes` of them. The
/// server reads files and URLs (`SourceReader`); a test, or a program that embeds the server, hands
/// it bytes held in memory (`InMemoryInputs`), so the live pipeline (read, price, serve, keep the
/// last good snapshot) runs without a file, a feed server or a process.
package protocol LiveInputReader: Sendable {
  func read(_ argument: String, maxBytes: Int) throws(SourceError) -> Data
}

/// Files, standard input and URLs (`InputSource.read`, over `HTTPFetcher`).
package struct SourceReader: LiveInputReader {
  let fetcher: HTTPFetcher

  package init(fetcher: HTTPFetcher = HTTPFetcher()) { self.fetcher = fetcher }

  package func read(_ argument: String, maxBytes: Int) throws(SourceError) -> Data {
    try InputSource(argument).read(fetcher: fetcher, maxBytes: maxBytes)
  }
}

/// The live sources' twin in memory: each configured name (the `--odds` or `--stats` argument as
/// given) answers the bytes set for it, or its error; a name with neither is not found. Set them
/// again between refreshes to move the lines, or to make a source fail.
package final class InMemoryInputs: LiveInputReader {
  private let answers: Mutex<[String: Result<Data, SourceError>]>

  package init(_ bytes: [String: Data] = [:]) { answers = Mutex(bytes.mapValues { .success($0) }) }

  /// `name` answers `bytes` from the next read on.
  package func set(_ name: String, _ bytes: Data) { answers.withLock { $0[name] = .success(bytes) } }

  /// `name` fails with `error` from the next read on.
  package func fail(_ name: String, _ error: SourceError) { answers.withLock { $0[name] = .failure(error) } }

  package func read(_ argument: String, maxBytes: Int) throws(SourceError) -> Data {
    guard let answer = answers.withLock({ $0[argument] }) else { throw SourceError("no such file") }
    let bytes = try answer.get()
    guard bytes.count <= maxBytes else { throw .tooLarge(maxBytes) }
    return bytes
  }
}
