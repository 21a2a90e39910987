/// The original's verdict on a trade, by its unrounded overall score: above 15, above 5, above 0,
/// else. Worded by the contract (`TradeWording`).
package enum TradeVerdict: Hashable, Sendable, CaseIterable {
  case perfectTiming, solidStructure, riskyMove, poorChoice

  package init(overall: Double) {
    if overall > 15 {
      self = .perfectTiming
    } else if overall > 5 {
      self = .solidStructure
    } else if overall > 0 {
      self = .riskyMove
    } else {
      self = .poorChoice
    }
  }
}
