import Hummingbird
import NIOCore

/// Hummingbird's request context with the request's connection, so work admitted after its
/// client has hung up is dropped before it starts (`MCSimServer.simulate`).
struct ServerRequestContext: RequestContext {
  var coreContext: CoreRequestContextStorage
  let channel: any Channel

  init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    channel = source.channel
  }

  /// Whether the client is still there to read an answer (one hop to the connection's event
  /// loop: asked only before heavy jobs).
  func clientConnected() async -> Bool {
    guard channel.isActive else { return false }
    guard let presence = try? await channel.pipeline.handler(type: ClientPresence.self).get() else { return true }
    return !presence.gone.load(ordering: .relaxed)
  }
}
