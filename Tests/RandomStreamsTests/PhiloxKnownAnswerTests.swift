import CRandom
import RandomStreams
import XCTest

/// Known-answer vectors of Philox4x32-10 from Random123's kat_vectors (counter, key -> output).
final class PhiloxKnownAnswerTests: XCTestCase {
  struct Vector {
    let counter: (UInt32, UInt32, UInt32, UInt32)
    let key: (UInt32, UInt32)
    let expected: [UInt32]
  }

  let vectors = [
    Vector(
      counter: (0, 0, 0, 0), key: (0, 0),
      expected: [0x6627_e8d5, 0xe169_c58d, 0xbc57_ac4c, 0x9b00_dbd8]),
    Vector(
      counter: (0xffff_ffff, 0xffff_ffff, 0xffff_ffff, 0xffff_ffff), key: (0xffff_ffff, 0xffff_ffff),
      expected: [0x408f_276d, 0x41c8_3b0e, 0xa20b_c7c6, 0x6d54_51fd]),
    Vector(
      counter: (0x243f_6a88, 0x85a3_08d3, 0x1319_8a2e, 0x0370_7344), key: (0xa409_3822, 0x299f_31d0),
      expected: [0xd16c_fe09, 0x94fd_cceb, 0x5001_e420, 0x2412_6ea1]),
  ]

  func testScalarPhiloxMatchesReference() {
    for v in vectors {
      let out = mc_philox4x32_10(mc_philox4x32_ctr(v: v.counter), mc_philox4x32_key(v: v.key))
      XCTAssertEqual([out.v.0, out.v.1, out.v.2, out.v.3], v.expected)
    }
  }

  /// The batched (SIMD) path must produce the same blocks as the scalar reference, and a
  /// stream's counter layout is (block lo, block hi, stream lo, stream hi).
  func testBatchedFillMatchesScalarBlocks() {
    var stream = RandomStream(seed: 42, id: 0x1_0000_0007)
    var bits = [UInt64](repeating: 0, count: 101)
    bits.withUnsafeMutableBufferPointer { mc_fill_bits(&stream.state, $0.baseAddress, 101) }
    XCTAssertEqual(stream.state.block, 51)
    let reference = RandomStream(seed: 42, id: 0x1_0000_0007)
    for block in 0..<51 {
      var c = mc_philox4x32_ctr(v: (UInt32(block), 0, 7, 1))
      c = mc_philox4x32_10(c, reference.state.key)
      XCTAssertEqual(bits[2 * block], UInt64(c.v.0) | UInt64(c.v.1) << 32)
      if 2 * block + 1 < bits.count {
        XCTAssertEqual(bits[2 * block + 1], UInt64(c.v.2) | UInt64(c.v.3) << 32)
      }
    }
  }

  /// Groups of 16 blocks whose block numbers cross 2^32 (a carry into the counter's high word
  /// inside the group) or wrap at 2^64: each block's words as the scalar reference computes them
  /// (mc_fill_bits), and the game normals (mc_fill_normal_f32, whose vector code takes a block as
  /// four 32-bit words) as fills of one block each give them.
  func testBatchedBlocksAcrossTheCounterCarry() {
    let id: UInt64 = 0xFFFF_FFFF_0000_0003
    for start: UInt64 in [(1 << 32) - 8, 0 &- 8, (5 << 32) - 3, (1 << 32) - 1] {
      var stream = RandomStream(seed: 7, id: id)
      stream.state.block = start
      var bits = [UInt64](repeating: 0, count: 64)
      bits.withUnsafeMutableBufferPointer { mc_fill_bits(&stream.state, $0.baseAddress, 64) }
      XCTAssertEqual(stream.state.block, start &+ 32)
      for i in 0..<32 {
        let block = start &+ UInt64(i)
        var c = mc_philox4x32_ctr(
          v: (UInt32(truncatingIfNeeded: block), UInt32(truncatingIfNeeded: block >> 32), 3, 0xFFFF_FFFF))
        c = mc_philox4x32_10(c, stream.state.key)
        XCTAssertEqual(bits[2 * i], UInt64(c.v.0) | UInt64(c.v.1) << 32, "block \(block)")
        XCTAssertEqual(bits[2 * i + 1], UInt64(c.v.2) | UInt64(c.v.3) << 32, "block \(block)")
      }
      var normals = RandomStream(seed: 7, id: id)
      normals.state.block = start
      var z = [Double](repeating: 0, count: 64)
      z.withUnsafeMutableBufferPointer { mc_fill_normal_f32(&normals.state, $0.baseAddress, 64) }
      for i in 0..<32 {
        var one = RandomStream(seed: 7, id: id)
        one.state.block = start &+ UInt64(i)
        var pair = [Double](repeating: 0, count: 2)
        pair.withUnsafeMutableBufferPointer { mc_fill_normal_f32(&one.state, $0.baseAddress, 2) }
        XCTAssertEqual(z[2 * i], pair[0], "block \(start &+ UInt64(i))")
        XCTAssertEqual(z[2 * i + 1], pair[1], "block \(start &+ UInt64(i))")
      }
    }
  }

  /// Value stability: the first draws of each distribution for a fixed seed never change
  /// silently (a change here changes every published result).
  func testFirstDrawsArePinned() {
    var s = RandomStream(seed: 2024, id: 0)
    let u = s.uniforms(4)
    var t = RandomStream(seed: 2024, id: 0)
    let z = t.normals(4)
    XCTAssertEqual(u.map { ($0 * 1e12).rounded() / 1e12 }, UniformPin.values)
    XCTAssertEqual(z.map { ($0 * 1e12).rounded() / 1e12 }, NormalPin.values)
  }
}

enum UniformPin { static let values: [Double] = [0.305682979952, 0.045437484411, 0.407741027608, 0.08975116328] }
enum NormalPin { static let values: [Double] = [1.477295985689, 0.433601228376, 1.132093581436, 0.715968021352] }
