import Foundation
import LineFeeds
import Simulation
import XCTest

/// Partial files at the byte level: counts of every size survive the round trip, a merge that
/// decodes parts into its running sums adds exactly what decoding them first adds, and bad
/// counts are refused without a crash.
final class PartialFileTests: XCTestCase {
  /// Counts that exercise every path of the varint reader: runs of eight zeros, runs of eight
  /// one-byte counts, two- to ten-byte counts, and runs cut short by a long count.
  static func histogram(seed: UInt64, games: UInt64, awayBins: Int = 29) -> JointScoreHistogram {
    let grid = ScoreGrid(homeMin: 90, awayMin: 85, homeBins: 37, awayBins: awayBins)
    var state = seed
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 11
    }
    let counts = (0..<grid.cellCount).map { i -> UInt64 in
      switch (i / 16) % 6 {
      case 0: 0
      case 1: next() % 128
      case 2: next() % 300
      case 3: next() % 100_000
      case 4: i % 7 == 0 ? UInt64.max - next() % 1000 : 0
      default: next() % 2 == 0 ? 0 : next() % 5
      }
    }
    // Overtime totals of every size too (version 3), from 0 to a count needing all ten bytes.
    let overtimeTotals = (0..<grid.totalBins).map { i -> UInt64 in
      switch i % 4 {
      case 0: 0
      case 1: next() % 128
      case 2: next() % 100_000
      default: i % 3 == 0 ? UInt64.max - next() % 1000 : next() % 300
      }
    }
    return JointScoreHistogram(
      grid: grid, counts: counts, overtimeTotals: overtimeTotals, games: games, overtimeGames: games / 16, extraPeriods: games / 100,
      overflow: [FinalScore(home: 200, away: 90): seed % 5 + 1])
  }

  func part(_ k: Int, of n: Int, awayBins: Int = 31) throws -> PartialFile {
    PartialFile(
      command: ["run", "--line", "225.5"], seed: 7, shard: try SimulationTape.Shard(index: k, count: n), mcsim: "test",
      calls: [
        [Self.histogram(seed: UInt64(10 + k), games: 1000)],
        [Self.histogram(seed: UInt64(99 * k + 3), games: 50, awayBins: awayBins)],
      ],
      digests: ["a", "b"])
  }

  func testCountsOfEverySizeRoundTrip() throws {
    let p = try part(0, of: 1)
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
    XCTAssertEqual(a[1][0].games, 250)
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
      XCTAssertThrowsError(try m.result()) { XCTAssertTrue("\($0)".contains("halfway"), "\($0)") }
      // Decoded on its own, the same part is refused too.
      XCTAssertThrowsError(try PartialFile.decode(try Self.resealed(try XCTUnwrap(forged.data(using: .isoLatin1)))))
    }
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
