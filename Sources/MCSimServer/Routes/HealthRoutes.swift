import Hummingbird

/// `GET /health` (the betting agent's body, unchanged) and `GET /api/health` (mcsim's: the pool's
/// load and the live source's state). Neither enters the simulation pool, so both answer while
/// it is saturated.
struct HealthRoutes {
  let pool: SimulationPool
  let live: LiveSources?

  struct AgentHealth: Encodable {
    let status = "healthy"
    let service = "nba-betting-agent"
  }

  struct Health: Encodable {
    struct Pool: Encodable {
      let workers: Int
      let running: Int
      let waiting: Int
      let queueLimit: Int
      enum CodingKeys: String, CodingKey {
        case workers, running, waiting, queueLimit = "queue_limit"
      }
    }
    let status = "healthy"
    let service = "mcsim"
    let version = MCSimVersion.current
    let pool: Pool
    let live: LiveSources.Status?
  }

  func add(to router: Router<BasicRequestContext>) {
    router.get("/health") { _, _ in try JSONResponse.make(.ok, AgentHealth()) }
    router.get("/api/health") { _, _ in
      let load = pool.load
      return try JSONResponse.make(
        .ok,
        Health(
          pool: .init(workers: pool.workers, running: load.running, waiting: load.waiting, queueLimit: pool.queueLimit),
          live: await live?.status()))
    }
  }
}

/// The version `mcsim --version` and `/api/health` report.
public enum MCSimVersion {
  public static let current = "0.2.0"
}
