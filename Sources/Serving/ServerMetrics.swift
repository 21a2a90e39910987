import Prometheus
import Synchronization

/// The server's Prometheus metrics, served at `/metrics`: requests by route and status, their
/// latency, simulations run and requests refused because the pool was full. One registry per
/// server, so several servers in one process (the tests) do not mix their counts.
package final class ServerMetrics: Sendable {
  package let registry = PrometheusCollectorRegistry()
  private let simulations: Counter
  private let busy: Counter
  /// Each route, method and status's counter and latency histogram, looked up in the registry
  /// once: the registry builds and checks the metric's name and labels on every lookup, which
  /// cost more than the increment.
  private let handles = Mutex<[RequestKind: (requests: Counter, latency: DurationHistogram)]>([:])

  private struct RequestKind: Hashable {
    let route: String
    let method: String
    let status: Int
  }

  private static var requests: MetricNameDescriptor {
    MetricNameDescriptor(
      namespace: "mcsim", subsystem: "http", metricName: "requests", unitName: "total",
      helpText: "HTTP requests answered, by route, method and status.")
  }
  private static var latency: MetricNameDescriptor {
    MetricNameDescriptor(
      namespace: "mcsim", subsystem: "http", metricName: "request_duration", unitName: "seconds",
      helpText: "Time from a request's head to its response, by route and method.")
  }
  private static let buckets: [Duration] = [
    .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
    .milliseconds(10), .milliseconds(20), .milliseconds(50), .milliseconds(100), .milliseconds(250),
    .milliseconds(500), .seconds(1), .seconds(5),
  ]

  package init() {
    simulations = registry.makeCounter(
      descriptor: MetricNameDescriptor(
        namespace: "mcsim", metricName: "simulations", unitName: "total",
        helpText: "Games simulated: each simulated path of each game counts once."))
    busy = registry.makeCounter(
      descriptor: MetricNameDescriptor(
        namespace: "mcsim", subsystem: "pool", metricName: "busy", unitName: "total",
        helpText: "Requests refused with 503 because the simulation pool was full."))
  }

  /// Counts one finished request.
  func record(route: String, method: String, status: Int, duration: Duration) {
    let kind = RequestKind(route: route, method: method, status: status)
    let metrics = handles.withLock { handles in
      if let known = handles[kind] { return known }
      let made = (
        requests: registry.makeCounter(
          descriptor: Self.requests, labels: [("route", route), ("method", method), ("status", "\(status)")]),
        latency: registry.makeDurationHistogram(
          descriptor: Self.latency, labels: [("route", route), ("method", method)], buckets: Self.buckets)
      )
      handles[kind] = made
      return made
    }
    metrics.requests.increment()
    metrics.latency.record(duration)
  }

  /// Counts simulated game paths (n_sims per game, scenarios and sweeps included).
  package func simulated(_ paths: Int) { simulations.increment(by: Int64(paths)) }
  func refusedBusy() { busy.increment() }

  /// The Prometheus text exposition of every metric.
  package func exposition() -> [UInt8] {
    var out: [UInt8] = []
    registry.emit(into: &out)
    return out
  }
}
