import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1
import Synchronization

/// One client connection: Hummingbird's HTTP/1.1 channel with the server's idle timeout, and
/// HTTP/1.0's rule that a connection closes after its answer unless the request asked for
/// keep-alive (Hummingbird reads requests as HTTP types, which carry no version, so a 1.0 client
/// was left waiting for a close that never came).
struct ServerConnection: ServerChildChannel {
  typealias Value = HTTP1Channel.Value
  let http1: HTTP1Channel

  init(responder: @escaping HTTPChannelHandler.Responder, idleTimeout: Duration) {
    http1 = HTTP1Channel(
      responder: responder,
      configuration: .init(idleTimeout: TimeAmount(idleTimeout)))
  }

  static func builder(idleTimeout: Duration) -> HTTPServerBuilder {
    HTTPServerBuilder { responder in ServerConnection(responder: responder, idleTimeout: idleTimeout) }
  }

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
      let pipeline = channel.pipeline.syncOperations
      let codec = try pipeline.handler(type: HTTP1ToHTTPServerCodec.self)
      try pipeline.addHandler(HTTP10Close(), position: .before(codec))
      try pipeline.addHandler(ClientPresence(), position: .first)
      return value
    }
  }

  func handle(value: Value, logger: Logger) async {
    await http1.handle(value: value, logger: logger)
  }
}

/// Marks a request that does not keep its connection alive (HTTP/1.0 without
/// `Connection: keep-alive`) with `Connection: close`, which Hummingbird honours after the answer.
final class HTTP10Close: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if case .head(var head) = unwrapInboundIn(data), !head.isKeepAlive,
      !head.headers[canonicalForm: "connection"].contains(where: { $0.lowercased() == "close" })
    {
      head.headers.replaceOrAdd(name: "Connection", value: "close")
      context.fireChannelRead(wrapInboundOut(.head(head)))
      return
    }
    context.fireChannelRead(data)
  }
}

/// Whether the client is still there: it has neither closed its side of the connection nor
/// dropped it. A client that has hung up will not read an answer, so its job is not started
/// (nginx answers such a request 499 the same way).
final class ClientPresence: ChannelInboundHandler, RemovableChannelHandler, Sendable {
  typealias InboundIn = NIOAny
  let gone = Atomic<Bool>(false)

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if case ChannelEvent.inputClosed = event { gone.store(true, ordering: .relaxed) }
    context.fireUserInboundEventTriggered(event)
  }

  func channelInactive(context: ChannelHandlerContext) {
    gone.store(true, ordering: .relaxed)
    context.fireChannelInactive()
  }
}

extension TimeAmount {
  init(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }
}
