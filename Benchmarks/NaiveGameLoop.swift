import CRandom
import Foundation
import Simulation

/// The baseline: the same model written the obvious way in scalar Swift, one game at a time,
/// with Foundation's log/sin/cos, one Philox block per game and a dictionary of final scores.
/// Same model, not the same draws.
enum NaiveGameLoop {
  static func simulate(_ model: GameModel, games: Int, seed: UInt64) -> [FinalScore: UInt64] {
    var counts: [FinalScore: UInt64] = [:]
    var stream = mc_stream_make(seed, 0)
    let rhoC = (1 - model.correlation * model.correlation).squareRoot()
    var w: (UInt64, UInt64) = (0, 0)
    for g in 0..<games {
      withUnsafeMutableBytes(of: &w) { mc_stream_block(&stream, UInt64(g), $0.baseAddress!.assumingMemoryBound(to: UInt64.self)) }
      let u1 = (Double(w.0 >> 11) + 0.5) * 0x1p-53, u2 = (Double(w.1 >> 11) + 0.5) * 0x1p-53
      let r = (-2 * log(u1)).squareRoot()
      let z0 = r * cos(2 * .pi * u2), z1 = r * sin(2 * .pi * u2)
      var home = Int((model.homeMean + model.homeSD * z0 + 0.5).rounded(.down))
      var away = Int((model.awayMean + model.awaySD * (model.correlation * z0 + rhoC * z1) + 0.5).rounded(.down))
      if Double(w.1 & 0xFFFF_FFFF) / 4_294_967_296 < model.overtime.rate {
        var extra = w
        withUnsafeMutableBytes(of: &extra) { mc_stream_block(&stream, UInt64(g) | 1 << 63, $0.baseAddress!.assumingMemoryBound(to: UInt64.self)) }
        let v1 = (Double(extra.0 >> 11) + 0.5) * 0x1p-53, v2 = (Double(extra.1 >> 11) + 0.5) * 0x1p-53
        let z = (-2 * log(v1)).squareRoot() * cos(2 * .pi * v2)
        let k = max(0, Int((model.overtime.points + model.overtime.sd * z + 0.5).rounded(.down)))
        home += (k + Int(w.0 & 1)) / 2
        away += k - (k + Int(w.0 & 1)) / 2
      }
      counts[FinalScore(home: home, away: away), default: 0] += 1
    }
    return counts
  }
}
