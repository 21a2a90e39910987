/// Which way a trade moves: up when the incoming player is dearer and projects higher, down when
/// cheaper and lower, else neither.
package enum UpgradePath: Hashable, Sendable {
  case upgrade, downgrade, neutral

  package init(priceIn: Double, priceOut: Double, averageIn: Double, averageOut: Double) {
    if priceIn > priceOut && averageIn > averageOut {
      self = .upgrade
    } else if priceIn < priceOut && averageIn < averageOut {
      self = .downgrade
    } else {
      self = .neutral
    }
  }
}
