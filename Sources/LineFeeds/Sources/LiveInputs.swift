import Foundation
import RandomStreams

/// One reading of a live slate's sources, as read: the odds feed's bytes, the stats' or
/// results' bytes, the night, and a fingerprint of all three (FNV-1a). A reading whose
/// fingerprint is the last one's has nothing new to price.
package struct LiveInputs: Sendable {
  package let odds: Data
  package let stats: Data
  package let night: String
  package let fingerprint: UInt64

  package init(odds: Data, stats: Data, night: String) {
    self.odds = odds
    self.stats = stats
    self.night = night
    var digest = FNV1a()
    digest.add(bytes: odds)
    digest.add(bytes: stats)
    digest.add(night)
    fingerprint = digest.value
  }
}
