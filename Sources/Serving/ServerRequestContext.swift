import Hummingbird
import NIOCore

/// Hummingbird's request context with the request's connection, so work whose client has hung
/// up is dropped, before it starts or while it runs (`MCSimServer.simulate`).
struct ServerRequestContext: RequestContext {
  var coreContext: CoreRequestContextStorage
  let channel: any Channel

  init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    channel = source.channel
  }

  /// The client's address, as its connections and its pool work are counted by.
  var clientAddress: String { ClientWork.address(of: channel) }

  /// A check of whether the client has gone (closed its side or dropped the connection),
  /// cheap enough to ask between two chunks of a simulation: one atomic load. Finding it takes
  /// one hop to the connection's event loop, so it is asked for heavy jobs only.
  func departure() async -> @Sendable () -> Bool {
    guard channel.isActive else { return { true } }
    guard let presence = try? await channel.pipeline.handler(type: ClientPresence.self).get() else { return { false } }
    return { presence.gone.load(ordering: .relaxed) }
  }
}
