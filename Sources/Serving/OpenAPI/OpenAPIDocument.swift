import Foundation
import ServiceContracts

/// The OpenAPI 3.1 document of `mcsim serve`, made from the operations it registers
/// (`ServerOperations`) and the contracts' schemas (`ContractSchemas`), with this server's own
/// limits in it (its `--max-sims` is the `n_sims` maximum). Served at `GET /openapi.json`;
/// docs/reference/openapi.json is the default configuration's, checked by the suite.
package enum OpenAPIDocument {
  package static func make(_ configuration: ServerConfiguration = .init()) -> Data {
    var paths: [String: [String: JSONSchema]] = [:]
    for operation in ServerOperations.all {
      paths[operation.path, default: [:]][operation.method.rawValue.lowercased()] = operation.document(
        maxSimulations: configuration.maxSimulations)
    }
    let document: JSONSchema = [
      "openapi": "3.1.0",
      "info": [
        "title": "mcsim serve", "version": .string(MCSimVersion.current),
        "description":
          "The betting agent's, the fair-odds service's and the AFL trade API's endpoints, answered by mcsim.",
      ],
      "servers": [["url": .string("http://\(configuration.host):\(configuration.port)")]],
      "paths": .object(paths.mapValues { .object($0) }),
      "components": ["schemas": .object(ContractSchemas.all(maxSimulations: configuration.maxSimulations))],
    ]
    return document.documentData()
  }
}
