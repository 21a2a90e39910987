import OddsMath
import Simulation

/// A parlay priced, and at an offered price staked by the advice policy: `mcsim parlay`.
///
/// The joint probability is simulated (the game's joint histogram for one game's own legs, the
/// multivariate path otherwise), so the stake follows the policy's simulation-only rule: the 95%
/// interval of EV must be narrow enough and above 0, the stake stands on its lower end, within
/// the cap (`SideAdvice`).
package struct ParlayPricingRequest: Sendable {
  package var parlay: Parlay
  package var options: SimulationOptions
  package var price: Odds?
  package var policy: AdvicePolicy

  package init(parlay: Parlay, options: SimulationOptions, price: Odds? = nil, policy: AdvicePolicy = Defaults.advice) {
    self.parlay = parlay
    self.options = options
    self.price = price
    self.policy = policy
  }
}

package struct PricedParlay: Sendable {
  package let result: ParlayResult
  package let price: Odds?
  /// The policy's verdict at the price (nil without one).
  package let advice: SideAdvice?

  package init(result: ParlayResult, price: Odds? = nil, advice: SideAdvice? = nil) {
    self.result = result
    self.price = price
    self.advice = advice
  }
}

package enum ParlayPricing {
  package static func price(_ request: ParlayPricingRequest) throws(InputError) -> PricedParlay {
    if let price = request.price, price.decimal <= 1 {
      throw .invalid(field: "price", value: "\(price.decimal)", reason: "must be above 1 (decimal)")
    }
    let result = try ParlayPricer.price(request.parlay, options: request.options)
    return PricedParlay(
      result: result, price: request.price, advice: request.price.map { result.advice(at: $0, policy: request.policy) })
  }
}
