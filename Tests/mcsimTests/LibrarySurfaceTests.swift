import Foundation
import TestSupport
import XCTest

/// The library surface (issue 43, item 6): at most three products, at most 1,000 public
/// declarations in all, nothing re-exported, and each product's getting-started code builds and
/// runs in a package of someone else's that adds only the products.
final class LibrarySurfaceTests: XCTestCase {
  static var root: URL { GoldenOutputTests.projectRoot }

  /// Every `public` declaration of the package's sources (comments left out).
  static func publicDeclarations() throws -> [String: Int] {
    var counts: [String: Int] = [:]
    let sources = root.appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
    for case let url as URL in files where url.pathExtension == "swift" {
      let module = url.path.dropFirst(sources.path.count + 1).split(separator: "/")[0]
      for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
        let code = line.trimmingCharacters(in: .whitespaces)
        if code.hasPrefix("//") { continue }
        if code.range(of: #"(^|[^A-Za-z_"])public "#, options: .regularExpression) != nil { counts[String(module), default: 0] += 1 }
      }
    }
    return counts
  }

  func testAtMostThreeProductsAndAThousandPublicDeclarationsAndNoReexports() throws {
    try TestTier.endToEnd.require()
    let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let products = manifest.components(separatedBy: ".library(name:").count - 1
    XCTAssertLessThanOrEqual(products, 3)
    let counts = try Self.publicDeclarations()
    let total = counts.values.reduce(0, +)
    XCTAssertLessThanOrEqual(total, 1000, "\(counts)")
    // Only the products' modules (and the contracts' Encodable witnesses on their types) are public.
    XCTAssertEqual(Set(counts.keys), ["OddsMath", "Simulation", "ServiceContracts"], "\(counts)")
    XCTAssertLessThanOrEqual(counts["ServiceContracts"] ?? 0, 30, "only encode(to:) witnesses")
    let exported = try FileManager.default.subpathsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path)
      .filter { $0.hasSuffix(".swift") }
      .filter { try! String(contentsOf: Self.root.appendingPathComponent("Sources/\($0)"), encoding: .utf8).contains("@_exported") }
    XCTAssertEqual(exported, [])
  }

  /// The compiler's own count, beside the line scan: each public module's symbol graph
  /// (`swift-symbolgraph-extract` on the built modules, public and above), members the compiler
  /// synthesizes (`!=`, `hashValue`) left out; enum cases and every binding of a `let a, b`
  /// count, which a line scan does not see. At most 1,000 in all (980 on 2026-12-03).
  func testTheSymbolGraphsHoldAtMostAThousandPublicDeclarations() throws {
    try TestTier.endToEnd.require()
    let build = Self.root.appendingPathComponent(".build/release").resolvingSymlinksInPath()
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-symbols-\(getpid())")
    try? FileManager.default.removeItem(at: out)
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: out) }
    var machine = utsname()
    uname(&machine)
    let arch = withUnsafeBytes(of: machine.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    var counts: [String: Int] = [:]
    for module in try Self.publicDeclarations().keys.sorted() {
      let extract = try ChildProcess.run(
        "/usr/bin/env",
        [
          "swift-symbolgraph-extract", "-module-name", module, "-I", build.appendingPathComponent("Modules").path,
          "-target", "\(arch)-unknown-linux-gnu", "-minimum-access-level", "public", "-output-dir", out.path,
          "-Xcc", "-fmodule-map-file=" + build.appendingPathComponent("CRandom.build/module.modulemap").path,
          "-Xcc", "-fmodule-map-file=" + Self.root.appendingPathComponent("Sources/CLinearAlgebra/module.modulemap").path,
        ], mergingStderr: true, timeout: 300)
      XCTAssertEqual(extract.status, 0, extract.stdout)
    }
    struct Graph: Decodable {
      struct Symbol: Decodable {
        struct Identifier: Decodable { let precise: String }
        let identifier: Identifier
        let accessLevel: String
      }
      let symbols: [Symbol]
    }
    for file in try FileManager.default.contentsOfDirectory(atPath: out.path) where file.hasSuffix(".symbols.json") {
      let graph = try JSONDecoder().decode(Graph.self, from: Data(contentsOf: out.appendingPathComponent(file)))
      counts[file] = graph.symbols.filter { $0.accessLevel == "public" && !$0.identifier.precise.contains("::SYNTHESIZED::") }.count
    }
    XCTAssertGreaterThan(counts["Simulation.symbols.json"] ?? 0, 100, "\(counts)")
    XCTAssertLessThanOrEqual(counts.values.reduce(0, +), 1000, "\(counts)")
  }

  /// The getting-started articles' code, in a package that depends on this one and adds the two
  /// products: it builds against the public API alone and prints the numbers the articles say.
  func testTheGettingStartedCodeBuildsInAnotherPackage() throws {
    try TestTier.endToEnd.require()
    let dir = Self.root.appendingPathComponent(".build/consumer")
    try? FileManager.default.removeItem(at: dir.appendingPathComponent("Sources"))
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("Sources/Consumer"), withIntermediateDirectories: true)
    // A path dependency's identity is its folder's name (a clone may be in any folder).
    let identity = Self.root.standardizedFileURL.lastPathComponent.lowercased()
    try """
    // swift-tools-version:6.1
    import PackageDescription
    let package = Package(
      name: "Consumer",
      dependencies: [.package(path: "\(Self.root.path)")],
      targets: [.executableTarget(name: "Consumer", dependencies: [
        .product(name: "Simulation", package: "\(identity)"), .product(name: "OddsMath", package: "\(identity)")])])
    """.write(to: dir.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    var code = ""
    for product in ["Simulation", "OddsMath"] {
      let article = try String(
        contentsOf: Self.root.appendingPathComponent("Sources/\(product)/Documentation.docc/GettingStarted.md"), encoding: .utf8)
      // The article's second Swift block is its code (the first is the Package.swift lines).
      let blocks = article.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
      XCTAssertEqual(blocks.count, 2, product)
      code += "do {\n" + blocks[1].split(separator: "\n").filter { !$0.hasPrefix("import ") }.joined(separator: "\n") + "\n}\n"
    }
    try ("import OddsMath\nimport Simulation\n" + code).write(
      to: dir.appendingPathComponent("Sources/Consumer/main.swift"), atomically: true, encoding: .utf8)
    let build = try ChildProcess.run(
      "/usr/bin/env", ["swift", "build", "-c", "release", "--package-path", dir.path], mergingStderr: true, timeout: 900)
    XCTAssertEqual(build.status, 0, build.stdout)
    let run = try ChildProcess.run(dir.appendingPathComponent(".build/release/Consumer").path, [])
    XCTAssertEqual(run.status, 0, run.stderr)
    let lines = run.stdout.split(separator: "\n")
    XCTAssertEqual(lines.count, 4, run.stdout)
    // The simulated P(over) within 4 standard errors of the exact one; the exact one as `run` prints it.
    let first = lines[0].split(separator: " ").compactMap { Double($0) }
    XCTAssertEqual(first.count, 4, run.stdout)
    XCTAssertEqual(first[0], first[1], accuracy: 4 * (first[1] * (1 - first[1]) / 100_000).squareRoot())
    XCTAssertEqual(first[1], 0.5491529171026457, accuracy: 1e-12)
    XCTAssertEqual(lines[2], "0.04761904761904767 [0.5, 0.5]")
    XCTAssertEqual(lines[3], "0.050000000000000044 0.04545454545454549")
  }
}
