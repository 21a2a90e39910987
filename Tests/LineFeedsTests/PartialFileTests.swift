import Foundation
import LineFeeds
import ServiceContracts
import Simulation
import XCTest

/// Partial files at the byte level: counts of every size survive the round trip, a merge that
/// decodes parts into its running sums adds exactly what decoding them first adds, and bad
/// counts are refused without a crash.
final class PartialFileTests: XCTestCase {
  /// Counts that exercise every path of the varint reader: runs of eight zeros, runs of eight
  /// one-byte counts, two- to ten-byte counts, and runs cut short by a long count.
  static func histogram(seed: UInt64, awayBins: Int = 29, huge: Bool = false) -> JointScoreHistogram {
    let grid = ScoreGrid(homeMin: 90, awayMin: 85, homeBins: 37, awayBins: awayBins)
    var state = seed
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 11
    }
    // With `huge`, one count needs all ten bytes of a varint (a single part can hold it; five
    // such parts would wrap, so the merge tests use the others).
    let counts = (0..<grid.cellCount).map { i -> UInt64 in
      switch (i / 16) % 6 {
      case 0: 0
      case 1: next() % 128
      case 2: next() % 300
      case 3: next() % 100_000
      case 4: huge && i == 16 * 4 ? (1 << 63) + next() % 1000 : (i % 7 == 0 ? next() % (1 << 40) : 0)
      default: next() % 2 == 0 ? 0 : next() % 5
      }
    }
    // Overtime totals of every size too (version 3), each below the games at its total.
    let overtimeTotals = (0..<grid.totalBins).map { i -> UInt64 in
      switch i % 4 {
      case 0: 0
      case 1: next() % 3
      default: 0
      }
    }
    let overflow: [FinalScore: UInt64] = [FinalScore(home: 200, away: 90): seed % 5 + 1]
    let outside = overflow.values.reduce(0, +)
    return JointScoreHistogram(
      grid: grid, counts: counts, overtimeTotals: overtimeTotals, games: counts.reduce(0, +) + outside,
      overtimeGames: overtimeTotals.reduce(0, +) + outside, extraPeriods: 7, overflow: overflow)
  }

  func part(_ k: Int, of n: Int, awayBins: Int = 31) throws -> PartialFile {
    PartialFile(
      command: ["run", "--line", "225.5"], seed: 7, shard: try SimulationTape.Shard(index: k, count: n), mcsim: "test",
      calls: [
        [Self.histogram(seed: UInt64(10 + k))],
        [Self.histogram(seed: UInt64(99 * k + 3), awayBins: awayBins)],
      ],
      digests: ["a", "b"])
  }

  func testCountsOfEverySizeRoundTrip() throws {
    var p = try part(0, of: 1)
    p.calls[0][0] = Self.histogram(seed: 5, huge: true)
    XCTAssertEqual(try PartialFile.decode(try p.encoded()).calls, p.calls)
  }

  /// Decoding into the running sums (what `mcsim merge` does) against decoding each part and
  /// adding histograms, and against summing the counts directly.
  func testMergingFromBytesAddsWhatDecodedPartsAdd() throws {
    let parts = try (0..<5).map { try part($0, of: 5) }
    var fromBytes = PartialMerge(), fromParts = PartialMerge()
    for (k, p) in parts.enumerated() {
      try fromBytes.add("p\(k)", data: try p.encoded())
      try fromParts.add("p\(k)", PartialFile.decode(try p.encoded()))
    }
    let a = try fromBytes.result().calls, b = try fromParts.result().calls
    XCTAssertEqual(a, b)
    var direct = parts[0].calls[0][0]
    for p in parts.dropFirst() { direct.add(p.calls[0][0]) }
    XCTAssertEqual(a[0][0], direct)
    XCTAssertEqual(a[1][0].games, parts.map { $0.calls[1][0].games }.reduce(0, +))
  }

  /// A part whose counts do not fit the grid its body declares (varints one row short, or one
  /// row too many, behind a valid checksum) is refused by name, and the merge will not give a
  /// result from the half-added sums.
  func testCountsThatDoNotFitTheirGridAreRefused() throws {
    var merge = PartialMerge()
    try merge.add("p0", data: try part(0, of: 2).encoded())
    for realBins in [30, 32] {
      let data = try part(1, of: 2, awayBins: realBins).encoded()
      let text = try XCTUnwrap(String(data: data, encoding: .isoLatin1))
      let forged = text.replacingOccurrences(of: "[90,85,37,\(realBins)]", with: "[90,85,37,31]")
      XCTAssertNotEqual(forged, text)
      var m = merge
      XCTAssertThrowsError(try m.add("p1", data: try Self.resealed(try XCTUnwrap(forged.data(using: .isoLatin1))))) { error in
        XCTAssertEqual("\(error)", "p1: a histogram does not fit its grid")
      }
      // Refused before any count was added (too few bytes for the grid), or halfway: either
      // way no result.
      XCTAssertThrowsError(try m.result()) {
        XCTAssertTrue("\($0)".contains("halfway") || "\($0)".contains("missing shard 1/2"), "\($0)")
      }
      // Decoded on its own, the same part is refused too.
      XCTAssertThrowsError(try PartialFile.decode(try Self.resealed(try XCTUnwrap(forged.data(using: .isoLatin1)))))
    }
  }

  /// Bytes a foreign writer could produce behind a valid checksum: a grid bigger than the file
  /// (no allocation of it), tallies that disagree with the counts, a count past 64 bits, a shard
  /// outside its count. Each is refused, none traps.
  func testForeignPartsAreRefusedWithoutTrapping() throws {
    let data = try part(0, of: 2).encoded()
    let text = try XCTUnwrap(String(data: data, encoding: .isoLatin1))
    func refused(_ from: String, _ to: String, _ why: String) throws {
      let forged = text.replacingOccurrences(of: from, with: to)
      XCTAssertNotEqual(forged, text, why)
      XCTAssertThrowsError(try PartialFile.decode(try Self.resealed(try XCTUnwrap(forged.data(using: .isoLatin1)))), why)
      var merge = PartialMerge()
      try merge.add("p0", data: data)
      XCTAssertThrowsError(try merge.add("p1", data: try Self.resealed(try XCTUnwrap(forged.data(using: .isoLatin1)))), why)
    }
    let h = try part(0, of: 2).calls[0][0]
    try refused("[90,85,37,29]", "[90,85,100000,100000]", "a 10^10-cell grid in a small file")
    try refused("\"games\":\(h.games)", "\"games\":\(h.games + 1)", "one game more than its counts")
    try refused("\"overtime_games\":\(h.overtimeGames)", "\"overtime_games\":\(h.overtimeGames + 1)", "overtime games it does not count")
    try refused("\"count\":2,\"index\":0", "\"count\":-1,\"index\":0", "a shard count below 1")
    try refused("\"count\":2,\"index\":0", "\"count\":2,\"index\":7", "a shard index past its count")
    try refused("[90,85,37,29]", "[9223372036854775000,85,37,29]", "a grid at the end of Int")
  }

  /// The same bytes with a header whose checksum matches them.
  static func resealed(_ data: Data) throws -> Data {
    let newline = try XCTUnwrap(data.firstIndex(of: UInt8(ascii: "\n")))
    let rest = Data(data[data.index(after: newline)...])
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    rest.withUnsafeBytes { raw in
      let words = raw.count / 8
      for i in 0..<words { hash = (hash ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self))) &* 0x100_0000_01b3 }
      for byte in raw[(8 * words)...] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
    let hex = String(hash, radix: 16)
    let header = #"{"checksum":"\#(String(repeating: "0", count: 16 - hex.count) + hex)","format":"mcsim-partial","version":\#(PartialFile.version)}"#
    return Data(header.utf8) + Data("\n".utf8) + rest
  }
}
