import Foundation
import ServiceContracts

/// Where an input comes from: a file, standard input (`-`), or an http(s) URL.
package enum InputSource: Sendable, CustomStringConvertible {
  case file(String)
  case standardInput
  case url(URL)
  /// Text that starts as an http(s) URL but is not one (`http://[::1/feed.json?apiKey=...`): an
  /// error when read, never a file path, and never shown (a key may be in it).
  case badURL(scheme: String)

  /// `-` is standard input; a string starting with http:// or https:// is a URL (or a bad one);
  /// anything else is a file path.
  package init(_ argument: String) {
    let lower = argument.lowercased()
    if argument == "-" {
      self = .standardInput
    } else if lower.hasPrefix("http://") || lower.hasPrefix("https://"),
      // A URL Foundation cannot parse as given (a space in it) is read percent-encoded: as a
      // file path it would be shown as given, key and all.
      let url = URL(string: argument)
        ?? argument.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed).flatMap(URL.init(string:))
    {
      self = .url(url)
    } else if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
      self = .badURL(scheme: lower.hasPrefix("https") ? "https" : "http")
    } else {
      self = .file(argument)
    }
  }

  /// Why this cannot be read at all, found before any reading (a server refuses it at start-up).
  package var problem: String? {
    if case .badURL = self { return "\(description): not a valid URL" }
    return nil
  }

  /// Reads the whole input. A URL goes through `fetcher` (timeouts, retries). An input of more
  /// than `maxBytes` is refused; a file or a URL that says its size is refused before its bytes
  /// are read. Errors do not name the source: prefix them with `description`.
  package func read(fetcher: HTTPFetcher = HTTPFetcher(), maxBytes: Int = HTTPFetcher.decodedLimit) throws(SourceError) -> Data {
    let tooLarge = SourceError.tooLarge(maxBytes)
    switch self {
    case .standardInput:
      let data = FileHandle.standardInput.readDataToEndOfFile()
      guard data.count <= maxBytes else { throw tooLarge }
      return data
    case .file(let path):
      if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maxBytes {
        throw tooLarge
      }
      guard let data = FileManager.default.contents(atPath: path) else {
        throw SourceError(FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file")
      }
      // A file that grew between the look at its size and the read.
      guard data.count <= maxBytes else { throw tooLarge }
      return data
    case .url(let url):
      return try fetcher.get(url, maxBytes: maxBytes)
    case .badURL:
      throw SourceError("not a valid URL")
    }
  }

  /// Whether reading again can give something new (standard input is read once).
  package var canBeReadAgain: Bool {
    if case .standardInput = self { return false }
    return true
  }

  /// The path, `stdin`, or the URL by its scheme, host and fingerprint (`HTTPFetcher.redacted`).
  package var description: String {
    switch self {
    case .standardInput: "stdin"
    case .file(let path): path
    case .url(let url): HTTPFetcher.redacted(url)
    case .badURL(let scheme): "an unparseable \(scheme) URL"
    }
  }
}

/// An input that could not be read, said in one line.
package struct SourceError: Error, Equatable, Sendable, CustomStringConvertible {
  package let description: String

  package init(_ description: String) { self.description = description }

  /// An input of more than `maxBytes` bytes, refused.
  package static func tooLarge(_ maxBytes: Int) -> SourceError { SourceError("larger than \(maxBytes) bytes") }
}
