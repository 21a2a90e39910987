import Foundation
import RandomStreams

/// One reading of a live slate's sources, as read: the odds feed's bytes, the stats' or
/// results' bytes, the night, and a fingerprint of all three (FNV-1a). A reading whose
/// fingerprint is the last one's has nothing new to price.
package struct LiveInputs: Sendable {
  package let odds: Data
  package let stats: Data
  package let night: String
  /// A live scoreboard's bytes (`serve --scoreboard`), nil without one.
  package let scoreboard: Data?
  package let fingerprint: UInt64

  package init(odds: Data, stats: Data, night: String, scoreboard: Data? = nil) {
    self.odds = odds
    self.stats = stats
    self.night = night
    self.scoreboard = scoreboard
    var digest = FNV1a()
    digest.add(bytes: odds)
    digest.add(bytes: stats)
    digest.add(night)
    if let scoreboard { digest.add(bytes: scoreboard) }
    fingerprint = digest.value
  }
}
