import CRandom
import RandomStreams
import XCTest

/// Which stream a chunk draws: the keying every published number rests on.
final class StreamLayoutTests: XCTestCase {
  func testGameStreamIDsAreGameShiftedAndChunk() {
    let layout = StreamLayout(seed: 42)
    XCTAssertEqual(layout.chunkSize, 1 << 16)
    XCTAssertEqual(layout.streamID(game: 0, chunk: 0), 0)
    XCTAssertEqual(layout.streamID(game: 0, chunk: 5), 5)
    XCTAssertEqual(layout.streamID(game: 3, chunk: 7), 3 << 40 | 7)
    XCTAssertEqual(layout.streamID(game: 1, chunk: (1 << 40) - 1), 0x1FF_FFFF_FFFF)
    // The stream is the C generator's stream of that id, at its first block.
    let s = layout.stream(game: 3, chunk: 7).state
    let c = mc_stream_make(42, 3 << 40 | 7)
    XCTAssertEqual(s.block, 0)
    XCTAssertEqual([s.key.v.0, s.key.v.1], [c.key.v.0, c.key.v.1])
    XCTAssertEqual(s.stream, c.stream)
  }

  func testCommonRandomNumbersPutEveryGameOnGameZerosStreams() {
    let crn = StreamLayout(seed: 9, commonRandomNumbers: true)
    let own = StreamLayout(seed: 9)
    for game in [0, 1, 2, 1000] {
      for chunk in [0, 1, 17] {
        XCTAssertEqual(crn.streamID(game: game, chunk: chunk), own.streamID(game: 0, chunk: chunk))
      }
    }
    XCTAssertNotEqual(own.streamID(game: 1, chunk: 0), own.streamID(game: 0, chunk: 0))
  }

  func testNamedStreamsKeyTheChunkIntoTheSeed() {
    let layout = StreamLayout(seed: 2024, chunkSize: 4096)
    let id = StreamLayout.streamID(named: "player_in")
    var a = layout.stream(named: id, chunk: 3)
    var b = RandomStream(seed: Seed.derive(2024, 3), id: id)
    XCTAssertEqual(a.normals(8), b.normals(8))
    // FNV-1a 64 of the UTF-8: the empty string is the offset basis, "a" the published value.
    XCTAssertEqual(StreamLayout.streamID(named: ""), 0xcbf2_9ce4_8422_2325)
    XCTAssertEqual(StreamLayout.streamID(named: "a"), 0xaf63_dc4c_8601_ec8c)
  }

  func testChunksCoverTheDraws() {
    let layout = StreamLayout(seed: 1, chunkSize: 10)
    XCTAssertEqual(layout.chunkCount(draws: 0), 0)
    XCTAssertEqual(layout.chunkCount(draws: 10), 1)
    XCTAssertEqual(layout.chunkCount(draws: 21), 3)
    let chunks = Array(layout.chunks(draws: 21))
    XCTAssertEqual(chunks.map(\.index), [0, 1, 2])
    XCTAssertEqual(chunks.map(\.count), [10, 10, 1])
  }

  /// Shards 0 ..< N of a run are consecutive and cover every chunk exactly once, in near-equal
  /// parts.
  func testShardSplitCoversEveryChunkOnce() {
    for shards in [1, 2, 3, 7] {
      for chunkCount in [0, 1, 2, 5, 7, 16, 100, 1001] {
        var seen = [Int](repeating: 0, count: chunkCount)
        var next = 0
        var sizes: [Int] = []
        for shard in 0..<shards {
          let range = StreamLayout.shardChunks(chunkCount, shard: shard, of: shards)
          XCTAssertEqual(range.lowerBound, next, "\(shard)/\(shards) of \(chunkCount)")
          next = range.upperBound
          sizes.append(range.count)
          for k in range { seen[k] += 1 }
        }
        XCTAssertEqual(next, chunkCount)
        XCTAssertEqual(seen, [Int](repeating: 1, count: chunkCount), "\(shards) shards of \(chunkCount)")
        XCTAssertLessThanOrEqual(sizes.max()! - sizes.min()!, 1)
      }
    }
    XCTAssertEqual(StreamLayout.shardChunks(16, shard: 0, of: 1), 0..<16)
  }
}
