import Foundation
import Hummingbird

/// `GET /openapi.json` (the OpenAPI 3.1 document of every endpoint, with this server's limits)
/// and `GET /metrics` (Prometheus text).
struct DocumentRoutes {
  let metrics: ServerMetrics
  let configuration: ServerConfiguration

  func add(to router: OperationRouter) {
    let document = OpenAPIDocument.make(configuration)
    router.on(ServerOperations.openAPI) { _, _ in JSONResponse.make(.ok, data: document) }
    router.on(ServerOperations.metrics) { _, _ in
      Response(
        status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
        body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
    }
  }
}
