import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import Synchronization

/// One client connection: Hummingbird's HTTP/1.1 channel with the server's idle timeout, and
/// HTTP/1.0's rule that a connection closes after its answer unless the request asked for
/// keep-alive (Hummingbird reads requests as HTTP types, which carry no version, so a 1.0 client
/// was left waiting for a close that never came).
struct ServerConnection: ServerChildChannel {
  typealias Value = HTTP1Channel.Value
  let http1: HTTP1Channel

  let bodyTimeout: Duration

  init(responder: @escaping HTTPChannelHandler.Responder, idleTimeout: Duration, bodyTimeout: Duration) {
    http1 = HTTP1Channel(
      responder: responder,
      configuration: .init(idleTimeout: TimeAmount(idleTimeout)))
    self.bodyTimeout = bodyTimeout
  }

  static func builder(idleTimeout: Duration, bodyTimeout: Duration) -> HTTPServerBuilder {
    HTTPServerBuilder { responder in
      ServerConnection(responder: responder, idleTimeout: idleTimeout, bodyTimeout: bodyTimeout)
    }
  }

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
      let pipeline = channel.pipeline.syncOperations
      let codec = try pipeline.handler(type: HTTP1ToHTTPServerCodec.self)
      try pipeline.addHandler(HTTP10Close(), position: .before(codec))
      try pipeline.addHandler(RequestDeadline(timeout: TimeAmount(bodyTimeout)), position: .after(codec))
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
    // Hummingbird honours exactly `close`: any request that does not keep alive says so.
    if case .head(var head) = unwrapInboundIn(data), !head.isKeepAlive {
      head.headers.replaceOrAdd(name: "Connection", value: "close")
      context.fireChannelRead(wrapInboundOut(.head(head)))
      return
    }
    context.fireChannelRead(data)
  }
}

/// A request must arrive whole within the body timeout of its head (and a grace second), and a
/// request answered
/// before its body ended (408, 413, 401, 404) closes its connection: otherwise Hummingbird reads
/// and drops the rest of the body, and a client dripping a byte every few seconds would keep
/// the connection (the idle timer restarts at every byte) for as long as it liked.
final class RequestDeadline: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  let timeout: TimeAmount
  private var reading = false
  private var timer: Scheduled<Void>?

  init(timeout: TimeAmount) { self.timeout = timeout }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head:
      reading = true
      timer?.cancel()
      // A grace second past the body timeout: a body still arriving gets its 408 from the
      // handler first; this closes only what sends nothing the handler could answer.
      timer = context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(in: timeout + .seconds(1)) {
        context.close(promise: nil)
      }
    case .body: break
    case .end:
      reading = false
      timer?.cancel()
      timer = nil
    }
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    if case .end = unwrapOutboundIn(data), reading {
      context.writeAndFlush(data, promise: promise)
      context.close(promise: nil)
      return
    }
    context.write(data, promise: promise)
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    timer?.cancel()
    timer = nil
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
