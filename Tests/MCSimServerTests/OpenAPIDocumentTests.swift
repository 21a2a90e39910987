import Foundation
import MCSimServer
import ServiceContracts
import XCTest

/// The checked-in OpenAPI document matches what the server answers: it is served as written,
/// every documented operation exists, and schemathesis finds no 5xx and no response outside
/// the document in a bounded fuzz run.
final class OpenAPIDocumentTests: XCTestCase {
  func testTheServedDocumentIsTheCheckedInOneAndEveryOperationAnswers() async throws {
    let server = try await serve()
    let reply = try await server.get("/openapi.json")
    XCTAssertEqual(reply.status, 200)
    let checkedIn = try Data(
      contentsOf: Fixture.projectRoot.appendingPathComponent("Sources/MCSimServer/Resources/openapi.json"))
    XCTAssertEqual(reply.body, checkedIn)
    let document = reply.json
    XCTAssertEqual(document["openapi"] as? String, "3.1.0")
    let paths = document.object("paths")
    let expected: Set<String> = [
      "/health", "/api/health", "/openapi.json", "/metrics", "/api/monte-carlo/simulate", "/api/monte-carlo/batch",
      "/api/tonight/totals", "/api/fairbet/odds", "/api/fairbet/live/games", "/api/fairbet/live",
      "/api/fairbet/parlay/evaluate", "/api/trade_score", "/api/odds/devig", "/api/odds/fair",
    ]
    XCTAssertEqual(Set(paths.keys), expected)
    for (path, item) in paths {
      for method in (item as? [String: Any] ?? [:]).keys {
        let answer = try await server.send(method.uppercased(), path, body: method == "post" ? Data("{}".utf8) : nil)
        XCTAssertNotEqual(answer.status, 404, "\(method) \(path) is documented but not served")
        // No live source is configured here: the live endpoints say 503, the rest answer.
        XCTAssertTrue(answer.status < 500 || answer.status == 503, "\(method) \(path): \(answer.status)")
      }
    }
  }

  /// Each request's fields are declared once, beside its decoder (`FieldTypes`): the OpenAPI
  /// document (written by scripts/openapi_document.py) names the same fields, with the same JSON
  /// types and the same required ones, for the agent's simulate and batch requests and the
  /// batch's model settings.
  func testTheDocumentsRequestSchemasAreTheContractsDeclarations() throws {
    let data = try Data(contentsOf: Fixture.projectRoot.appendingPathComponent("Sources/MCSimServer/Resources/openapi.json"))
    let schemas = try XCTUnwrap(
      ((JSONSerialization.jsonObject(with: data) as? [String: Any])?["components"] as? [String: Any])?["schemas"]
        as? [String: Any])
    func check(_ name: String, _ declared: FieldTypes, file: StaticString = #filePath, line: UInt = #line) throws {
      let schema = try XCTUnwrap(schemas[name] as? [String: Any], name, file: file, line: line)
      let properties = try XCTUnwrap(schema["properties"] as? [String: [String: Any]], name, file: file, line: line)
      XCTAssertEqual(Set(properties.keys), declared.names, "\(name): documented vs declared fields", file: file, line: line)
      for (field, kind) in declared.fields {
        XCTAssertEqual(properties[field]?["type"] as? String, FieldTypes.jsonType(kind), "\(name).\(field)", file: file, line: line)
      }
      XCTAssertEqual(Set(schema["required"] as? [String] ?? []), declared.required, "\(name) required", file: file, line: line)
    }
    try check("SimulateRequest", SimulateRequest.fieldTypes)
    try check("BatchRequest", SlateFile.fieldTypes)

    // And the checked-in document is the script's output, not edited by hand.
    let regenerated = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-openapi-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: regenerated) }
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = ["python3", Fixture.projectRoot.appendingPathComponent("scripts/openapi_document.py").path, regenerated.path]
    python.standardOutput = FileHandle.nullDevice
    try python.run()
    python.waitUntilExit()
    XCTAssertEqual(python.terminationStatus, 0)
    XCTAssertEqual(try Data(contentsOf: regenerated), data, "run python3 scripts/openapi_document.py after changing a contract")
  }

  /// schemathesis (installed by scripts/setup.sh into .tools/venv) against a live server with
  /// every endpoint configured. Its coverage phase is left out: schemathesis 4.32.5 crashes in
  /// it on the batch schema (a CPython AST recursion error inside the tool, not a finding). One
  /// worker: with two, 4.32.5 now and then fails inside its own strategy cache (a KeyError in
  /// the tool's code, seen once in a dozen runs), which would make the test flaky.
  func testSchemathesisFindsNoServerErrorAndNoResponseOutsideTheDocument() async throws {
    let st = Fixture.projectRoot.appendingPathComponent(".tools/venv/bin/st")
    guard FileManager.default.isExecutableFile(atPath: st.path) else {
      XCTFail("schemathesis is missing: run `bash scripts/setup.sh` (it installs it into .tools/venv)")
      return
    }
    let feed = try XCTUnwrap(Bundle.module.url(forResource: "theoddsapi_v4_basketball_nba_american.json", withExtension: nil, subdirectory: "Resources")).path
    let root = Fixture.projectRoot
    let server = try await serve {
      var live = LiveSourceConfiguration(odds: feed)
      live.asOf = LiveSourceTests.feedDay
      live.stats = root.appendingPathComponent("Scenarios/feed_team_stats.json").path
      $0.live = live
      $0.tradePool = root.appendingPathComponent("Scenarios/afl_pool.json").path
      $0.maxSimulations = 200_000
    }
    let base = server.base.absoluteString
    let process = Process()
    process.executableURL = st
    process.arguments = [
      "run", base + "/openapi.json", "--url", base,
      "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
      "--phases", "examples,fuzzing", "--max-examples", "40", "--seed", "20261124", "--workers", "1", "--no-shrink",
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = try await Task.detached { String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }.value
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, text)
    XCTAssertTrue(text.contains(" passed"), text)
    XCTAssertFalse(text.contains("failed"), text)
  }
}
