import Foundation
import Simulation
import XCTest

/// `mcsim serve --model FILE` sets `ServerConfiguration.model`: the defaults of every request that
/// leaves the parameters out; a request's own fields still win.
final class ModelDefaultTests: XCTestCase {
  func testTheServersModelFillsWhatARequestLeavesOut() async throws {
    let server = try await serve { c in
      c.pricing.model.correlation = 0.3
      c.pricing.model.homeSD = 11
      c.pricing.model.overtime = Overtime(kind: .flat, rate: 0.057, points: 24, sd: 10)
    }
    let reply = try await server.post(
      "/api/monte-carlo/simulate",
      json: ["home_projection": 112, "away_projection": 108, "total_line": 220.5, "home_std_dev": 12, "n_sims": 1000])
    XCTAssertEqual(reply.status, 200, reply.text)
    let model = reply.json.object("result").object("simulation").object("model")
    XCTAssertEqual(model.number("correlation"), 0.3)
    XCTAssertEqual(model.number("home_std_dev"), 12, "the request's own sd wins")
    XCTAssertEqual(model.number("away_std_dev"), 10)
    XCTAssertEqual(model.number("ot_points"), 24)
  }
}
