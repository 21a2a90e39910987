/// `GET /health`: the betting agent's body, unchanged; `status` is `degraded` while the live
/// lines are stale (still 200: the process answers).
public struct AgentHealthResponse: Encodable, Sendable {
  public let status: String
  public let service = "nba-betting-agent"
  public init(healthy: Bool = true) { status = healthy ? "healthy" : "degraded" }
}

/// `GET /api/health`: mcsim's own, with the simulation pool's load and the live sources' state.
public struct HealthResponse: Encodable, Sendable {
  public struct Pool: Encodable, Sendable {
    public let workers: Int
    public let running: Int
    public let waiting: Int
    public let queueLimit: Int
    public init(workers: Int, running: Int, waiting: Int, queueLimit: Int) {
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
  public let status: String
  public let service = "mcsim"
  public let version: String
  public let pool: Pool
  public let live: SourceStatus?

  public init(version: String, pool: Pool, live: SourceStatus?) {
    self.version = version
    self.pool = pool
    self.live = live
    status = live?.isHealthy == false ? "degraded" : "healthy"
  }
}
