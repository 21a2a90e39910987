import Hummingbird
import ServiceContracts

/// `GET /health` (the betting agent's body, unchanged) and `GET /api/health` (mcsim's: the pool's
/// load and the live source's state). Neither enters the simulation pool, so both answer while
/// it is saturated.
struct HealthRoutes {
  let pool: SimulationPool
  let live: LiveSources?

  func add(to router: OperationRouter) {
    router.on(ServerOperations.health) { _, _ in
      try JSONResponse.make(.ok, AgentHealthResponse(healthy: await live?.status().isHealthy ?? true))
    }
    router.on(ServerOperations.apiHealth) { _, _ in
      let load = pool.load
      return try JSONResponse.make(
        .ok,
        HealthResponse(
          version: MCSimVersion.current,
          pool: .init(workers: pool.workers, running: load.running, waiting: load.waiting, queueLimit: pool.queueLimit),
          live: await live?.status()))
    }
  }
}

/// The version `mcsim --version` and `/api/health` report.
package enum MCSimVersion {
  package static let current = "0.2.0"
}
