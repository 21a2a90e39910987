import Foundation
import OddsMath
import ServiceContracts
import Simulation
import XCTest

/// The contracts' compact writer gives Foundation's bytes (`ContractJSON.encoder(.compact)`):
/// over whole contract documents and over the corners a hand-written writer can get wrong.
final class ContractJSONTests: XCTestCase {
  /// Bytes, not strings: two strings can be equal (é and e + U+0301) with different bytes.
  func assertSameBytes(_ data: Data, _ foundation: Data, _ what: String, file: StaticString, line: UInt) {
    XCTAssertTrue(
      Array(data) == Array(foundation),
      "\(what): \(String(decoding: data, as: UTF8.self)) is not \(String(decoding: foundation, as: UTF8.self))",
      file: file, line: line)
  }

  func assertSameBytes<T: Encodable>(_ value: T, file: StaticString = #filePath, line: UInt = #line) throws {
    let foundation = try ContractJSON.encoder(.compact).encode(value)
    assertSameBytes(try ContractJSON.encode(value), foundation, "compact writer", file: file, line: line)
  }

  /// A value that writes itself: its direct bytes too.
  func assertSameBytes<T: ContractValue>(_ value: T, file: StaticString = #filePath, line: UInt = #line) throws {
    let foundation = try ContractJSON.encoder(.compact).encode(value)
    func throughCodable(_ value: some Encodable) throws -> Data { try ContractJSON.encode(value) }
    assertSameBytes(try throughCodable(value), foundation, "compact writer", file: file, line: line)
    assertSameBytes(try ContractJSON.encode(value), foundation, "written directly", file: file, line: line)
  }

  /// The simulate answer with every optional block, and a slate answer with a refused game.
  func testWholeDocumentsMatchFoundation() throws {
    var model = GameModel(homeMean: 115, awayMean: 112)
    model.skewness = 0.3
    let market = TotalsMarket(line: 225.5, overOdds: try Odds(decimal: 1.91), underOdds: try Odds(parsing: "-105"))
    let options = SimulationOptions(simulations: 20_000, seed: 11, threads: 2)
    let histogram = try GameSimulator.simulate(model, options: options)
    var report = GameReport(
      model: model, market: market, policy: AdvicePolicy(), options: options, histogram: histogram,
      exact: ExactScoreDistribution.compute(GameModel(homeMean: 115, awayMean: 112)), elapsedSeconds: 0.0123,
      scenarios: try TotalsScenarios(model: model, line: 225.5, options: options),
      sensitivity: try TotalsSensitivity(model: model, line: 225.5, options: options))
    report.conditionalScenarios = ConditionalScenarios(histogram: histogram, model: model, exact: nil, line: 225.5)
    try assertSameBytes(SuccessEnvelope(report))

    var markets = GameMarkets()
    markets.total = market
    markets.moneyline = MoneylineMarket(homeOdds: try Odds(parsing: "-150"), awayOdds: try Odds(parsing: "+130"))
    let games = [
      SlateGame(id: "a", homeAbbr: "BOS", awayAbbr: "MIA", model: model, markets: markets, problem: nil, info: GameInfo()),
      SlateGame(id: "b", homeAbbr: nil, awayAbbr: nil, model: nil, markets: GameMarkets(), problem: "bad \"x\"\n", info: GameInfo()),
    ]
    var evaluator = SlateEvaluator(options: SimulationOptions(simulations: 20_000, seed: 3, threads: 2))
    let evaluation = try evaluator.evaluate(games)
    try assertSameBytes(evaluation.games.map { SlateGameWire(mcsim: $0) })
  }

  struct Corners: Encodable {
    let strings = ["", "plain", "quote \" backslash \\ slash /", "\u{0}\u{1}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{1F}\u{7F}", "é ü 日本 🏀"]
    let doubles: [Double]
    let specials: [Double] = [.infinity, -.infinity, .nan, 0, -0.0, 1, -1, 0.1, 1e16, 1e-7, 123456789012345678, 5e-324, .greatestFiniteMagnitude]
    let ints = [0, -1, Int.max, Int.min]
    let unsigned: [UInt64] = [0, .max]
    let small: [Int8] = [-128, 127]
    let sizes = [Int16(-3), 4]
    let bytes: [UInt8] = [0, 255]
    let words: [UInt16] = [1, 65535]
    let wide: [Int64] = [.min, .max]
    let halves: [Int32] = [.min, .max]
    let counts: [UInt32] = [7]
    let unsignedInts: [UInt] = [.max]
    let floats: [Float] = [0.1, 3, -2.5e-8, .infinity]
    let optionals: [Double?] = [1.5, nil]
    let date = Date(timeIntervalSince1970: 1_775_000_000.75)
    let byInt: [Int: String] = [5: "five", 10: "ten", -3: "minus"]
    let byString = ["b": 2, "a": 1, "B": 3, "aa": 4, "10": 5, "5": 6]
    let empty: [String: Int] = [:]
    let unicodeKeys = ["\u{C6}": 0, "\u{212B}": 1, "e\u{301}x": 2, "ez": 3, "f": 4]
    let emptyList: [Int] = []
    let nested = [[[1.25]], [[]]]
    let flag = true
  }

  func testCornersMatchFoundation() throws {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state
    }
    // Doubles of every magnitude, from their bits (finite ones only), and everyday decimals.
    var doubles: [Double] = []
    while doubles.count < 3000 {
      let d = Double(bitPattern: next())
      if d.isFinite { doubles.append(d) }
    }
    for _ in 0..<3000 { doubles.append(Double(Int64(bitPattern: next()) % 1_000_000) / 10_000) }
    try assertSameBytes(Corners(doubles: doubles))
  }

  /// What the contracts do with encoders: two encodes into one encoder (a response with a field
  /// added), a key set twice, nested and super encoders, single values at the top.
  struct Layered: Encodable {
    enum K: String, CodingKey { case a, b, list, inner, sup }
    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: K.self)
      try c.encode(1, forKey: .a)
      try c.encode("first", forKey: .b)
      try c.encode("second", forKey: .b)
      var list = c.nestedUnkeyedContainer(forKey: .list)
      try list.encode(1.5)
      try list.encodeNil()
      var inList = list.nestedContainer(keyedBy: K.self)
      try inList.encode(true, forKey: .a)
      var deeper = list.nestedUnkeyedContainer()
      try deeper.encode("x")
      try Piece(value: 7).encode(to: list.superEncoder())
      var inner = c.nestedContainer(keyedBy: K.self, forKey: .inner)
      try inner.encode(2.0, forKey: .b)
      try Piece(value: 9).encode(to: c.superEncoder(forKey: .sup))
      try Piece(value: 3).encode(to: c.superEncoder())
      // A second container on the same encoder adds to the same object.
      var again = encoder.container(keyedBy: K.self)
      try again.encode(42, forKey: .a)
    }
  }

  struct Piece: Encodable {
    let value: Int
    func encode(to encoder: any Encoder) throws {
      var c = encoder.singleValueContainer()
      try c.encode(value)
    }
  }

  struct Nothing: Encodable {
    func encode(to encoder: any Encoder) throws {}
  }

  /// A value that writes nothing through a single-value container: an empty object.
  struct Wrapped: Encodable {
    func encode(to encoder: any Encoder) throws {
      var c = encoder.singleValueContainer()
      try c.encode(Nothing())
    }
  }

  struct Failure: Error {}

  /// Throws after writing part of itself.
  struct Throwing: Encodable {
    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: Layered.K.self)
      try c.encode(1, forKey: .a)
      throw Failure()
    }
  }

  /// A caller that catches its values' errors: what failed leaves nothing behind.
  struct Forgiving: Encodable {
    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: Layered.K.self)
      try c.encode("kept", forKey: .b)
      try? c.encode(Throwing(), forKey: .a)
      try? c.encode(Throwing(), forKey: .b)
      var list = c.nestedUnkeyedContainer(forKey: .list)
      try list.encode(1)
      try? list.encode(Throwing())
      try list.encode(2)
      _ = c.superEncoder(forKey: .sup)
    }
  }

  func testEncoderShapesMatchFoundation() throws {
    try assertSameBytes(Wrapped())
    try assertSameBytes([Wrapped()])
    try assertSameBytes(Forgiving())
    try assertSameBytes(Layered())
    try assertSameBytes([Layered(), Layered()])
    try assertSameBytes(Piece(value: 5))
    try assertSameBytes("top")
    try assertSameBytes(2.5)
    XCTAssertThrowsError(try ContractJSON.encoder(.compact).encode(Nothing()))
    XCTAssertThrowsError(try ContractJSON.encode(Nothing()))
    try assertSameBytes([Nothing()])
    try assertSameBytes(SuccessEnvelope([1, 2]))
  }

  /// An object written directly whose fields come out of key order, one of them twice, around
  /// the corners of scalars, a nested object that sorts itself, and values that do not write
  /// themselves (they go through the compact writer).
  struct DirectCorners: ContractObject {
    struct Inner: ContractObject {
      let x: Double
      func writeFields(to fields: inout some FieldWriter) throws {
        try fields.field("z", x)
        try fields.field("a", [x, -x])
        try fields.field("M", "upper")
      }
    }

    let doubles: [Double] = [.infinity, -.infinity, .nan, 0, -0.0, 1, -1, 0.1, 1e16, 1e-7, 5e-324, 225.5, 0.1 + 0.2]
    let strings = ["", "quote \" backslash \\ slash /", "\u{0}\u{1F}\u{7F}\t\n", "é 日本 🏀"]

    func writeFields(to fields: inout some FieldWriter) throws {
      try fields.field("strings", strings)
      try fields.field("doubles", doubles)
      try fields.field("twice", 1)
      try fields.field("inner", Inner(x: 2.5))
      try fields.field("absent", Double?.none)
      try fields.fieldIfPresent("skipped", Int?.none)
      try fields.fieldIfPresent("present", Int?.some(3))
      try fields.field("extremes", [Int.min, Int.max])
      try fields.field("unsigned", UInt64.max)
      try fields.field("byKey", ["b": 2.0, "a": 1.0, "B": 3.0, "aa": 4.0, "10": 5.0, "5": 6.0])
      // Foundation orders keys by their UTF-8 bytes, not as Swift's String < does (after
      // normalising): U+212B (the angstrom sign) comes after Æ, a decomposed é between ez and f.
      try fields.field("unicodeKeys", ["\u{C6}": 0.0, "\u{212B}": 1.0, "e\u{301}x": 2.0, "ez": 3.0, "f": 4.0])
      try fields.field("\u{212B}", 5)
      try fields.field("\u{C6}", 6)
      try fields.field("date", Date(timeIntervalSince1970: 1_775_000_000.75))
      try fields.field("layered", Layered())
      try fields.field("empty", [Inner]())
      try fields.field("twice", "last")
      try fields.field("flag", false)
    }
  }

  /// A field whose value throws part-way, caught by the object: nothing of it stays behind, in
  /// either writer. (Foundation is no reference here: it writes the failed value's leftovers
  /// under the next key, `{"a":1,"d":{"a":1,"x":1}}`, and stops the process for an array of
  /// such values.)
  struct CaughtFailure: ContractObject {
    struct Failing: ContractObject {
      func writeFields(to fields: inout some FieldWriter) throws {
        try fields.field("x", 1)
        throw EncodingError.invalidValue(1, .init(codingPath: [], debugDescription: "fails part-way"))
      }
    }

    func writeFields(to fields: inout some FieldWriter) throws {
      try fields.field("a", 1)
      try? fields.field("b", Failing())
      try? fields.field("e", Throwing())
      try fields.field("d", 2)
    }
  }

  func testCaughtFailuresLeaveNothingBehind() throws {
    func throughCodable(_ value: some Encodable) throws -> Data { try ContractJSON.encode(value) }
    let expected = Data(#"{"a":1,"d":2}"#.utf8)
    assertSameBytes(try ContractJSON.encode(CaughtFailure()), expected, "written directly", file: #filePath, line: #line)
    assertSameBytes(try throughCodable(CaughtFailure()), expected, "compact writer", file: #filePath, line: #line)
  }

  func testDirectWritingMatchesFoundation() throws {
    try assertSameBytes(DirectCorners())
    try assertSameBytes([DirectCorners.Inner(x: 1), DirectCorners.Inner(x: -0.5)])
    try assertSameBytes(SuccessEnvelope(DirectCorners()))
    try assertSameBytes(["only": DirectCorners.Inner(x: 3)])
    try assertSameBytes(Optional<DirectCorners.Inner>.none)
  }

  /// The simulate answer of the load test, written directly: no value through Codable, and only
  /// the two objects whose keys are data (the advice's sides, the methodology's texts) sorted.
  func testSimulateAnswerIsWrittenWithoutCodable() throws {
    let model = GameModel(homeMean: 115, awayMean: 112)
    let market = TotalsMarket(line: 225.5, overOdds: try Odds(decimal: 1.91), underOdds: try Odds(decimal: 1.91))
    let options = SimulationOptions(simulations: 10_000, seed: 7, threads: 1)
    let report = GameReport(
      model: model, market: market, policy: AdvicePolicy(), options: options,
      histogram: try GameSimulator.simulate(model, options: options), exact: nil, elapsedSeconds: 0.001)
    let out = JSONBytes()
    try SuccessEnvelope(report).writeJSON(to: out)
    XCTAssertEqual(out.valuesEncoded, 0)
    XCTAssertEqual(out.objectsSorted, 2)
    try assertSameBytes(SuccessEnvelope(report))
  }
}
