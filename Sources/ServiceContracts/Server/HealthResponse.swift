/// `GET /health`: the betting agent's body, unchanged; `status` is `degraded` while the live
/// lines are stale (still 200: the process answers).
package struct AgentHealthResponse: Encodable, Sendable {
  package let status: String
  package let service = "nba-betting-agent"
  package init(healthy: Bool = true) { status = healthy ? "healthy" : "degraded" }
}

/// `GET /api/health`: mcsim's own, with the simulation pool's load and the live sources' state.
package struct HealthResponse: Encodable, Sendable {
  package struct Pool: Encodable, Sendable {
    package let workers: Int
    package let running: Int
    package let waiting: Int
    package let queueLimit: Int
    package init(workers: Int, running: Int, waiting: Int, queueLimit: Int) {
      self.workers = workers
      self.running = running
      self.waiting = waiting
      self.queueLimit = queueLimit
    }
    enum CodingKeys: String, CodingKey {
      case workers, running, waiting, queueLimit = "queue_limit"
    }
  }

  /// `healthy`, or `degraded` while the live sources are (their `status` says why).
  package let status: String
  package let service = "mcsim"
  package let version: String
  package let pool: Pool
  package let live: SourceStatus?

  package init(version: String, pool: Pool, live: SourceStatus?) {
    self.version = version
    self.pool = pool
    self.live = live
    status = live?.isHealthy == false ? "degraded" : "healthy"
  }
}
