import CRandom

/// One independent stream of the counter-based generator (Philox4x32-10).
///
/// A stream is named by `(seed, id)`: streams with different ids never share a block, so each
/// chunk of simulations, each game of a slate or each candidate trade can own one and the result
/// does not depend on which thread computed it or in what order.
package struct RandomStream: Sendable {
  /// The C state: key from the seed, stream id, next block.
  package var state: mc_stream

  package init(seed: UInt64, id: UInt64) {
    state = mc_stream_make(seed, id)
  }

  /// The seed's stream `id`, positioned at block `block` (each block is 128 bits).
  package init(seed: UInt64, id: UInt64, block: UInt64) {
    self.init(seed: seed, id: id)
    state.block = block
  }

  /// Uniform doubles strictly inside (0, 1), 53 bits each.
  package mutating func fillUniform(_ out: UnsafeMutableBufferPointer<Double>) {
    guard let base = out.baseAddress else { return }
    mc_fill_uniform(&state, base, out.count)
  }

  /// Standard normal doubles (Box-Muller, two per block).
  package mutating func fillNormal(_ out: UnsafeMutableBufferPointer<Double>) {
    guard let base = out.baseAddress else { return }
    mc_fill_normal(&state, base, out.count)
  }

  /// Fills `out` with the game kernel's normals: single-precision Box-Muller from 24-bit
  /// uniforms, widened to double, |z| <= 5.7682 (what one simulated game draws; CRandom's
  /// mc_distributions.h).
  package mutating func fillGameNormals(_ out: UnsafeMutableBufferPointer<Double>) {
    guard let base = out.baseAddress else { return }
    mc_fill_normal_f32(&state, base, out.count)
  }

  /// `count` uniforms in (0, 1).
  package mutating func uniforms(_ count: Int) -> [Double] {
    [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
      fillUniform(buffer)
      initialized = count
    }
  }

  /// `count` standard normals.
  package mutating func normals(_ count: Int) -> [Double] {
    [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
      fillNormal(buffer)
      initialized = count
    }
  }
}
