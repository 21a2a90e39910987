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
  let firstRequestTimeout: Duration
  let clients: ClientConnections

  init(
    responder: @escaping HTTPChannelHandler.Responder, idleTimeout: Duration, bodyTimeout: Duration,
    firstRequestTimeout: Duration, clients: ClientConnections
  ) {
    http1 = HTTP1Channel(
      responder: responder,
      configuration: .init(idleTimeout: TimeAmount(idleTimeout)))
    self.bodyTimeout = bodyTimeout
    self.firstRequestTimeout = firstRequestTimeout
    self.clients = clients
  }

  static func builder(idleTimeout: Duration, bodyTimeout: Duration, firstRequestTimeout: Duration, perClient: Int)
    -> HTTPServerBuilder
  {
    let clients = ClientConnections(limit: perClient)
    return HTTPServerBuilder { responder in
      ServerConnection(
        responder: responder, idleTimeout: idleTimeout, bodyTimeout: bodyTimeout, firstRequestTimeout: firstRequestTimeout,
        clients: clients)
    }
  }

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    // One address at its cap of connections gets no more: the others are still accepted.
    guard clients.open(channel) else {
      return channel.close().flatMapThrowing { throw ChannelError.ioOnClosedChannel }
    }
    return http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
      let pipeline = channel.pipeline.syncOperations
      try pipeline.addHandler(FirstRequestDeadline(timeout: TimeAmount(firstRequestTimeout)), position: .first)
      let codec = try pipeline.handler(type: HTTP1ToHTTPServerCodec.self)
      try pipeline.addHandler(HTTP10Close(), position: .before(codec))
      try pipeline.addHandler(HostCount(), position: .before(codec))
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

/// Says how many Host headers an HTTP/1.1 request came with when it is not one (HTTP/1.0 may
/// leave it out, never repeat it), in `HostCount.field`, for `HTTPConformance` to refuse: the
/// HTTP types Hummingbird reads carry no version, and keep only the first Host.
final class HostCount: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart

  /// Set by this handler only: a client's own is removed.
  static let field = "X-MCSim-Host-Count"

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head(var head) = unwrapInboundIn(data) else { return context.fireChannelRead(data) }
    head.headers.remove(name: Self.field)
    let hosts = head.headers["Host"].count
    if hosts > 1 || (hosts == 0 && (head.version.major, head.version.minor) >= (1, 1)) {
      head.headers.add(name: Self.field, value: "\(hosts)")
    }
    context.fireChannelRead(wrapInboundOut(.head(head)))
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

/// The connections open per client address, each address held to `limit`: one client opening
/// connections and leaving them idle cannot use up the server's (`--max-connections`).
final class ClientConnections: Sendable {
  private let open: ClientWork

  init(limit: Int) { open = ClientWork(limit: limit) }

  /// Counts `channel` for its address until it closes; false (not counted) at the cap.
  func open(_ channel: any Channel) -> Bool {
    let key = ClientWork.address(of: channel)
    guard open.enter(key) else { return false }
    channel.closeFuture.whenComplete { _ in self.open.leave(key) }
    return true
  }
}

/// A connection that sends nothing is closed after `timeout` (seconds), not held for the idle
/// timeout: the first bytes of a request must come soon after the connection opens.
final class FirstRequestDeadline: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = NIOAny
  let timeout: TimeAmount
  private var timer: Scheduled<Void>?

  init(timeout: TimeAmount) { self.timeout = timeout }

  func handlerAdded(context: ChannelHandlerContext) {
    let channel = context.channel
    timer = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if let timer {
      timer.cancel()
      self.timer = nil
    }
    context.fireChannelRead(data)
  }

  func handlerRemoved(context: ChannelHandlerContext) { timer?.cancel() }
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
