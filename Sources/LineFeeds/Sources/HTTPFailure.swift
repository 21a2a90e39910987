import AsyncHTTPClient
import Foundation
import ServiceContracts
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import NIOSSL

/// AsyncHTTPClient's and SwiftNIO's errors in a few words ("connection refused"), for
/// `HTTPFetcher`'s messages: no type names, no URL (the caller names the source).
enum HTTPFailure {
  /// Whether the request ran out of time: its deadline, or a connect, read or handshake timeout.
  static func isTimeout(_ error: any Error) -> Bool {
    if case ChannelError.connectTimeout = error { return true }
    guard let error = error as? HTTPClientError else { return false }
    return [
      .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .tlsHandshakeTimeout,
      .getConnectionFromPoolTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout,
    ].contains(error)
  }

  static func describe(_ error: any Error) -> String {
    switch error {
    case let error as HTTPClientError: describe(error)
    case let error as IOError: describe(errno: error.errnoCode)
    case ChannelError.eof, ChannelError.ioOnClosedChannel, ChannelError.alreadyClosed:
      describe(HTTPClientError.remoteConnectionClosed)
    case let error as NIOConnectionError:
      if error.dnsAError != nil || error.dnsAAAAError != nil {
        "the host name \(error.host) could not be resolved"
      } else if let first = error.connectionErrors.first {
        describe(first.error)
      } else {
        "could not connect to \(error.host)"
      }
    case let error as NIOSSLError:
      if case .handshakeFailed(let reason) = error, "\(reason)".contains("CERTIFICATE_VERIFY_FAILED") {
        "the server's TLS certificate is not trusted"
      } else {
        "the TLS connection failed"
      }
    case let error as NIOSSLExtraError where error == .failedToValidateHostname:
      "the server's TLS certificate is for another host"
    case is NIOSSLExtraError, is BoringSSLError: "the TLS connection failed"
    case let error as NIOHTTPDecompression.DecompressionError:
      error == .limit
        ? "the body decodes to more than \(HTTPFetcher.decodedLimit >> 20) MiB"
        : "the body's gzip or deflate encoding is broken"
    case let error as NIOHTTPDecompression.ExtraDecompressionError:
      error == .truncatedData ? "the body was cut off" : "the body's gzip or deflate encoding is broken"
    case let error as HTTPParserError:
      error == .invalidEOFState ? "the body was cut off" : "the answer is not valid HTTP"
    default: "\(error)"
    }
  }

  private static func describe(_ error: HTTPClientError) -> String {
    switch error {
    case .remoteConnectionClosed: "the server closed the connection before the answer was complete"
    case .bodyLengthMismatch: "the body was cut off (fewer bytes than Content-Length)"
    case .redirectLimitReached: "more than 10 redirects"
    case .redirectCycleDetected: "the redirects go round in a loop"
    case .invalidURL, .emptyHost, .emptyScheme: "not a valid URL"
    case .uncleanShutdown: "the TLS connection was cut off"
    case .cancelled: "the request was cancelled"
    default:
      // "Invalid proxy response" -> "invalid proxy response": AsyncHTTPClient's short words.
      error.shortDescription.prefix(1).lowercased() + error.shortDescription.dropFirst()
    }
  }

  /// "connection refused" from ECONNREFUSED: the C library's words, lowercased.
  private static func describe(errno code: CInt) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text).lowercased()
  }
}
