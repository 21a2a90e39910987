import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceContracts

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
  /// length up front (Content-Length) or streams it chunked: NIO's collect throws its own
  /// `NIOTooManyBytesError` for the latter, which would otherwise escape as a 500.
  static func body(of request: Request, limit: Int) async throws -> Data {
    if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
      throw APIError(.contentTooLarge, "request body of \(length) bytes is over the limit of \(limit) bytes")
    }
    do {
      let buffer = try await request.body.collect(upTo: limit)
      return Data(buffer.readableBytesView)
    } catch let error as HTTPError where error.status == .contentTooLarge {
      throw APIError(.contentTooLarge, "request body is over the limit of \(limit) bytes")
    } catch is NIOTooManyBytesError {
      throw APIError(.contentTooLarge, "request body is over the limit of \(limit) bytes")
    }
  }
}
