import CRandom
import Foundation
import Simulation

/// The baseline: the same model written the obvious way in scalar Swift, one game at a time,
/// with Foundation's log/sin/cos, one Philox block per game and a dictionary of final scores.
/// Same model, not the same draws.
enum NaiveGameLoop {
  static func simulate(_ model: GameModel, games: Int, seed: UInt64) -> [FinalScore: UInt64] {
    var counts: [FinalScore: UInt64] = [:]
    let stream = mc_stream_make(seed, 0)
    let rhoC = (1 - model.correlation * model.correlation).squareRoot()
    for g in 0..<games {
      let (z0, z1, w) = naiveNormals(stream, block: UInt64(g))
      var home = Int((model.homeMean + model.homeSD * z0 + 0.5).rounded(.down))
      var away = Int((model.awayMean + model.awaySD * (model.correlation * z0 + rhoC * z1) + 0.5).rounded(.down))
      if Double(w.1 & 0xFFFF_FFFF) / 4_294_967_296 < model.overtime.rate {
        let z = naiveNormals(stream, block: UInt64(g) | 1 << 63).0
        let k = max(0, Int((model.overtime.points + model.overtime.sd * z + 0.5).rounded(.down)))
        home += (k + Int(w.0 & 1)) / 2
        away += k - (k + Int(w.0 & 1)) / 2
      }
      counts[FinalScore(home: home, away: away), default: 0] += 1
    }
    return counts
  }
}

/// Two standard normals from one Philox block the obvious way: scalar block, Foundation's
/// log/sin/cos. Also returns the block's words (the game loop draws its overtime coin from them).
func naiveNormals(_ stream: mc_stream, block: UInt64) -> (Double, Double, (UInt64, UInt64)) {
  var s = stream
  var w: (UInt64, UInt64) = (0, 0)
  withUnsafeMutableBytes(of: &w) { mc_stream_block(&s, block, $0.baseAddress!.assumingMemoryBound(to: UInt64.self)) }
  let u1 = (Double(w.0 >> 11) + 0.5) * 0x1p-53, u2 = (Double(w.1 >> 11) + 0.5) * 0x1p-53
  let r = (-2 * log(u1)).squareRoot()
  return (r * cos(2 * .pi * u2), r * sin(2 * .pi * u2), w)
}
