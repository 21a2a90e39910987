import ArgumentParser
import Foundation
import LineFeeds
import UseCases

extension FeedFormat: ExpressibleByArgument {}
extension PriceFormat: ExpressibleByArgument {}

/// How an odds feed is read: its format (detected unless given), how numeric prices are read,
/// and, for a URL, the timeout and retries. Shared by `fair` and `slate`.
struct FeedOptions: ParsableArguments {
  @Option(help: "The feed's format (default: detected from its content).")
  var format: FeedFormat?

  @Option(name: .customLong("price-format"), help: "How The Odds API's numeric prices are read (default: detected).")
  var priceFormat: PriceFormat?

  @Option(help: "Seconds before a request to a URL is abandoned.")
  var timeout = 10.0

  @Option(help: "Retries of a URL answering 429 or 5xx, or dropping the connection (backoff 0.5 s, 1 s, ...; Retry-After honoured).")
  var retries = 3

  func validate() throws {
    guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout must be in (0, 600] seconds, got \(timeout).") }
    guard (0...10).contains(retries) else { throw ValidationError("--retries must be in [0, 10], got \(retries).") }
  }

  var fetcher: HTTPFetcher { HTTPFetcher(policy: HTTPFetcher.Policy(timeout: timeout, retries: retries)) }

  /// Reads and decodes a feed: a file, - for stdin, or an http(s) URL.
  /// With `input`, a quotes file's unknown fields are reported (notes, or an error with --strict).
  func read(_ argument: String, input: InputOptions? = nil) throws -> Feed {
    let source = InputSource(argument)
    let data: Data
    do { data = try source.read(fetcher: fetcher) } catch { throw FeedReadError.unreachable("\(source): \(error)") }
    var feed: Feed
    do {
      feed = try InputFile.decode(source.description) { try FeedDecoder.decode(data, format: format, priceFormat: priceFormat) }
    } catch {
      throw FeedReadError.unreadable("\(source): \(error)")
    }
    if let input, feed.format == .quotes {
      feed.notes += try input.report(unknown: UnknownFields.find(in: data, .quotes), in: source.description, quiet: true)
    }
    return feed
  }
}

/// A feed that could not be fetched (a runtime failure) or not understood (bad input).
enum FeedReadError: Error, CustomStringConvertible {
  case unreachable(String)
  case unreadable(String)

  var description: String {
    switch self {
    case .unreachable(let s), .unreadable(let s): s
    }
  }
}
