import Foundation
import ServiceContracts
import Serving
import TestSupport
import XCTest

/// The OpenAPI document is made from the operations the server registers and the contracts'
/// schemas: the registered routes are the documented ones, every documented operation
/// answers, the document carries the server's own limits, docs/reference/openapi.json is the
/// default server's, every key of a real response is documented, and schemathesis finds no 5xx
/// and no response outside the document in a bounded fuzz run.
final class OpenAPIDocumentTests: XCTestCase {
  static let referencePath = "docs/reference/openapi.json"

  func testTheRegisteredRoutesAreTheDocumentedOnesAndEachAnswers() async throws {
    let server = try await serve { $0.maxSimulations = 250_000 }
    let reply = try await server.get("/openapi.json")
    XCTAssertEqual(reply.status, 200)
    let document = reply.json
    XCTAssertEqual(document["openapi"] as? String, "3.1.0")
    let paths = document.object("paths")
    var documented: [String] = []
    for (path, item) in paths {
      for method in (item as? [String: Any] ?? [:]).keys { documented.append("\(method.uppercased()) \(path)") }
    }
    let registered = try MCSimServer(ServerConfiguration(), logger: .init(label: "test")).registeredOperations
    XCTAssertEqual(documented.sorted(), registered.sorted(), "documented vs registered operations")
    XCTAssertEqual(registered.count, 17)
    XCTAssertEqual(Set(registered).count, registered.count, "an operation registered twice")
    for operation in registered {
      let parts = operation.split(separator: " ").map(String.init)
      let answer = try await server.send(parts[0], parts[1], body: parts[0] == "POST" ? Data("{}".utf8) : nil)
      XCTAssertNotEqual(answer.status, 404, "\(operation) is documented but not served")
      // No live source is configured here: the live endpoints say 503, the rest answer.
      XCTAssertTrue(answer.status < 500 || answer.status == 503, "\(operation): \(answer.status)")
    }
    // This server's own ceiling is the documented maximum of n_sims.
    let schemas = document.object("components").object("schemas")
    XCTAssertEqual(schemas.object("SimulateRequest").object("properties").object("n_sims").number("maximum"), 250_000)
    XCTAssertEqual(schemas.object("BatchRequest").object("properties").object("n_sims").number("maximum"), 250_000)
  }

  /// Each request's fields are declared once, beside its decoder (`FieldTypes`), and the schema
  /// builder (`FieldTypes.schema`, the ceiling added per server) keeps every field, its JSON type
  /// and the required ones, nested objects included. (Whether the stated bounds are the server's
  /// is the bounds test's question.)
  func testTheDocumentsRequestSchemasAreTheContractsDeclarations() throws {
    let document = try XCTUnwrap(JSONSerialization.jsonObject(with: OpenAPIDocument.make()) as? [String: Any])
    let schemas = document.object("components").object("schemas")
    func check(_ name: String, _ declared: FieldTypes, file: StaticString = #filePath, line: UInt = #line) throws {
      let schema = schemas.object(name)
      let properties = try XCTUnwrap(schema["properties"] as? [String: [String: Any]], name, file: file, line: line)
      XCTAssertEqual(Set(properties.keys), declared.names, "\(name): documented vs declared fields", file: file, line: line)
      for (field, kind) in declared.fields {
        let documented = (properties[field]?["type"] as? String).map { [$0] } ?? properties[field]?["type"] as? [String]
        XCTAssertEqual(documented, FieldTypes.jsonTypes(kind), "\(name).\(field)", file: file, line: line)
      }
      XCTAssertEqual(Set(schema["required"] as? [String] ?? []), declared.required, "\(name) required", file: file, line: line)
    }
    try check("SimulateRequest", SimulateRequest.fieldTypes)
    try check("BatchRequest", SlateFile.fieldTypes)
    try check("ParlayEvaluateRequest", FairBetParlayRequest.fieldTypes)
    XCTAssertEqual(
      schemas.object("BatchRequest").object("properties").object("model").object("properties").count,
      ModelSettings.fieldTypes.names.count)
  }

  /// Each bound the document states for the agent's simulate request is the server's: a value
  /// just past it is a 422 naming the field, a value on an inclusive bound is answered.
  func testTheSimulateRequestsDocumentedBoundsAreTheServers() async throws {
    let server = try await serve { $0.maxSimulations = 20_000 }
    let served = try await server.get("/openapi.json").body
    let document = try XCTUnwrap(JSONSerialization.jsonObject(with: served) as? [String: Any])
    let properties = document.object("components").object("schemas").object("SimulateRequest").object("properties")
    let base: [String: Any] = [
      "home_projection": 112, "away_projection": 108, "total_line": 220.5, "n_sims": 1000,
      "include_scenarios": false, "include_sensitivity": false,
    ]
    var checked = 0
    for (field, value) in properties {
      let schema = value as? [String: Any] ?? [:]
      let integer = schema["type"] as? String == "integer"
      let step = integer ? 1.0 : 1e-6
      var probes: [(value: Double, valid: Bool)] = []
      if let low = schema.number("minimum") { probes += [(low - step * max(1, abs(low)), false), (low, true)] }
      if let high = schema.number("maximum") { probes += [(high + step * max(1, abs(high)), false), (high, true)] }
      if let low = schema.number("exclusiveMinimum") { probes.append((low, false)) }
      if let high = schema.number("exclusiveMaximum") { probes.append((high, false)) }
      for probe in probes {
        var body = base
        body[field] = integer ? Int(probe.value) as Any : probe.value
        let reply = try await server.post("/api/monte-carlo/simulate", json: body)
        if probe.valid {
          XCTAssertEqual(reply.status, 200, "\(field) = \(probe.value) is documented as valid: \(reply.text)")
        } else {
          XCTAssertEqual(reply.status, 422, "\(field) = \(probe.value) is documented as invalid")
          XCTAssertTrue(reply.text.contains(field), "\(field) = \(probe.value): \(reply.text)")
        }
        checked += 1
      }
    }
    XCTAssertGreaterThanOrEqual(checked, 20, "bounded fields probed")
  }

  /// docs/reference/openapi.json is the default server's document, byte for byte
  /// (`MCSIM_RECORD_GOLDEN=1` rewrites it after a contract changes).
  func testTheReferenceDocumentIsTheDefaultServersOne() throws {
    let url = Fixture.projectRoot.appendingPathComponent(Self.referencePath)
    let made = OpenAPIDocument.make()
    if ProcessInfo.processInfo.environment["MCSIM_RECORD_GOLDEN"] == "1" { try made.write(to: url) }
    XCTAssertEqual(
      String(decoding: try Data(contentsOf: url), as: UTF8.self), String(decoding: made, as: UTF8.self),
      "\(Self.referencePath) is stale: MCSIM_RECORD_GOLDEN=1 swift test -c release --disable-testable-imports --filter OpenAPIDocumentTests rewrites it"
    )
  }

  /// Every key of a real answer is in its documented schema (a field added to a contract and
  /// not to its schema fails here): the agent's simulate (scenarios, sensitivity and the exact
  /// block on) and batch, devig, health, the trade score, tonight's totals and the FairBet list.
  func testEveryKeyOfARealResponseIsDocumented() async throws {
    let server = try await liveServer()
    let document = try XCTUnwrap(JSONSerialization.jsonObject(with: OpenAPIDocument.make()) as? [String: Any])
    let schemas = document.object("components").object("schemas")
    func check(_ reply: TestServer.Reply, _ schema: String, file: StaticString = #filePath, line: UInt = #line) throws {
      XCTAssertEqual(reply.status, 200, reply.text, file: file, line: line)
      let value = try JSONSerialization.jsonObject(with: reply.body)
      let missing = SchemaKeys.undocumented(value, ["$ref": "#/components/schemas/\(schema)"], schemas: schemas)
      XCTAssertEqual(missing, [], "\(schema): keys the document does not name", file: file, line: line)
    }
    var simulate = try XCTUnwrap(JSONSerialization.jsonObject(with: try Fixture.scenario("simulate_request.json")) as? [String: Any])
    simulate["include_exact"] = true
    try check(try await server.post("/api/monte-carlo/simulate", json: simulate), "SimulateResponse")
    try check(try await server.post("/api/monte-carlo/batch", try Fixture.scenario("slate_batch.json")), "SlateResponse")
    try check(try await server.post("/api/odds/devig", json: ["prices": [1.91, 2.05], "method": "all"]), "DevigResponse")
    try check(try await server.get("/api/tonight/totals"), "TonightResponse")
    try check(try await server.get("/api/fairbet/odds"), "FairBetResponse")
    let trade = try await server.post(
      "/api/trade_score",
      json: [
        "player_in": ["price": 500_000, "breakeven": 80, "proj_scores": [90, 95, 100, 85, 92]],
        "player_out": ["price": 450_000, "breakeven": 90, "proj_scores": [70, 75, 72, 80, 78]],
        "round_number": 5, "team_value": 12_000_000, "league_avg_value": 11_500_000,
      ])
    try check(trade, "TradeResponse")
  }

  /// A server with every endpoint configured: the live feed fixture, its stats and the AFL pool.
  func liveServer(maxSimulations: Int = 10_000_000) async throws -> TestServer {
    let feed = try XCTUnwrap(
      Bundle.module.url(forResource: "theoddsapi_v4_basketball_nba_american.json", withExtension: nil, subdirectory: "Resources")
    ).path
    let root = Fixture.projectRoot
    let server = try await serve {
      var live = LiveSourceConfiguration(odds: feed)
      live.asOf = LiveSourceTests.feedDay
      live.stats = root.appendingPathComponent("Scenarios/feed_team_stats.json").path
      $0.live = live
      $0.tradePool = root.appendingPathComponent("Scenarios/afl_pool.json").path
      $0.maxSimulations = maxSimulations
    }
    try await waitFor("the live source's first read") { try await server.get("/api/tonight/totals").status == 200 }
    return server
  }

  /// schemathesis (installed by scripts/setup.sh into .tools/venv) against a live server with
  /// every endpoint configured, with every check (its default): no 5xx, every status and body as
  /// documented, schema-valid requests accepted and schema-violating ones refused, except the
  /// per-operation exceptions Resources/schemathesis.toml names with their reasons (rules a JSON
  /// Schema cannot state, and pydantic's lax reading of the agent's bodies). Its coverage phase is left out: schemathesis 4.32.5 crashes in
  /// it on the batch schema (a CPython AST recursion error inside the tool, not a finding). One
  /// worker: with two, 4.32.5 now and then fails inside its own strategy cache (a KeyError in
  /// the tool's code, seen once in a dozen runs), which would make the test flaky.
  func testSchemathesisWithEveryCheckFindsNothing() async throws {
    let st = try TestTier.tools.requireTool(
      "schemathesis", at: [Fixture.projectRoot.appendingPathComponent(".tools/venv/bin/st").path],
      install: "run `bash scripts/setup.sh` (it installs it into .tools/venv)")
    let server = try await liveServer(maxSimulations: 200_000)
    let base = server.base.absoluteString
    let config = try XCTUnwrap(Bundle.module.url(forResource: "schemathesis.toml", withExtension: nil, subdirectory: "Resources"))
    let run = try ChildProcess.run(
      st,
      [
        "--config-file", config.path, "run", base + "/openapi.json", "--url", base,
        "--phases", "examples,fuzzing", "--max-examples", "40", "--seed", "20261124", "--workers", "1", "--no-shrink",
      ], mergingStderr: true, timeout: 1200)
    let text = run.stdout
    XCTAssertEqual(run.status, 0, text)
    XCTAssertTrue(text.contains(" passed"), text)
    XCTAssertFalse(text.contains("failed"), text)
  }
}
