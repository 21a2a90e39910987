import Foundation
import Hummingbird

/// `GET /openapi.json` (the checked-in OpenAPI 3.1 document of every endpoint) and `GET /metrics`
/// (Prometheus text).
struct DocumentRoutes {
  let metrics: ServerMetrics

  func add(to router: Router<ServerRequestContext>) {
    let document = OpenAPIDocument.data
    router.get("/openapi.json") { _, _ in JSONResponse.make(.ok, data: document) }
    router.get("/metrics") { _, _ in
      Response(
        status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
        body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
    }
  }
}

/// The OpenAPI document shipped with the server (Resources/openapi.json, written by
/// scripts/openapi_document.py).
public enum OpenAPIDocument {
  public static let data: Data = {
    guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json"),
      let data = try? Data(contentsOf: url)
    else { return Data("{}".utf8) }
    return data
  }()
}
