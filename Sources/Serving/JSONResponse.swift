import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1
import ServiceContracts
import ServiceLifecycle

/// JSON bodies in and out of the handlers.
enum JSONResponse {
  /// Every body, the server's own (errors, health) and the contracts', in the contracts' one
  /// JSON configuration.
  static func encode(_ value: some Encodable) throws -> Data {
    try ContractJSON.encode(value)
  }

  /// A body that writes itself (the simulate answer): the same bytes, without Codable.
  static func encode(_ value: some ContractValue) throws -> Data {
    try ContractJSON.encode(value)
  }

  static func make(_ status: HTTPResponse.Status, _ value: some Encodable, headers: HTTPFields = [:]) throws -> Response {
    make(status, data: try encode(value), headers: headers)
  }

  static func make(_ status: HTTPResponse.Status, _ value: some ContractValue, headers: HTTPFields = [:]) throws -> Response {
    make(status, data: try encode(value), headers: headers)
  }

  static func make(_ status: HTTPResponse.Status, data: Data, headers: HTTPFields = [:]) -> Response {
    var fields = headers
    fields[.contentType] = "application/json"
    return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: data)))
  }

  /// The request's body, refused with 413 beyond `limit` bytes, whether the client says its
  /// length up front (Content-Length) or streams it chunked, and with 408 when it has not all
  /// arrived within `timeout` (a client dripping a byte at a time holds its connection no longer:
  /// the idle timeout ends one that goes silent). A body cut short or a malformed chunked body
  /// is the client's: 400.
  static func body(of request: Request, limit: Int, timeout: Duration = .seconds(30)) async throws -> Data {
    if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
      throw APIError(.contentTooLarge, "request body of \(length) bytes is over the limit of \(limit) bytes")
    }
    let deadline = ContinuousClock.now + timeout
    var data = Data()
    do {
      // The body's arrival ends when the server starts to shut down: a client still sending
      // does not hold the shutdown (it had waited for --idle-timeout).
      for try await chunk in request.body.cancelOnGracefulShutdown() {
        guard data.count + chunk.readableBytes <= limit else {
          throw APIError(.contentTooLarge, "request body is over the limit of \(limit) bytes")
        }
        data.append(contentsOf: chunk.readableBytesView)
        if ContinuousClock.now > deadline {
          throw APIError(.requestTimeout, "the request body did not arrive within \(timeout) (--body-timeout)")
        }
      }
    } catch let error as HTTPError where error.status == .contentTooLarge {
      throw APIError(.contentTooLarge, "request body is over the limit of \(limit) bytes")
    } catch is NIOTooManyBytesError {
      throw APIError(.contentTooLarge, "request body is over the limit of \(limit) bytes")
    } catch let error as HTTPParserError {
      throw APIError.badFraming(error)
    }
    // Ended by the shutdown, a body is whole only when it is as long as its Content-Length said.
    let length = request.headers[.contentLength].flatMap(Int.init)
    if Task.isShuttingDownGracefully, length.map({ data.count < $0 }) ?? true {
      var e = APIError.unavailable("the server is shutting down; send the request again", retryAfter: 1)
      e.headers[.connection] = "close"
      throw e
    }
    return data
  }
}
