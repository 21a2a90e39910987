import OddsMath
import Simulation

/// A parlay priced, and at an offered price staked by the advice policy: `mcsim parlay`.
///
/// The joint probability is simulated (the game's joint histogram for one game's own legs, the
/// multivariate path otherwise), so the stake follows the policy's simulation-only rule: the 95%
/// interval of EV must be narrow enough and above 0, the stake stands on its lower end, within
/// the cap (`SideAdvice`).
public struct ParlayPricingRequest: Sendable {
  public var parlay: Parlay
  public var options: SimulationOptions
  public var price: Odds?
  public var policy: AdvicePolicy

  public init(parlay: Parlay, options: SimulationOptions, price: Odds? = nil, policy: AdvicePolicy = Defaults.advice) {
    self.parlay = parlay
    self.options = options
    self.price = price
    self.policy = policy
  }
}

public struct PricedParlay: Sendable {
  public let result: ParlayResult
  public let price: Odds?
  /// The policy's verdict at the price (nil without one).
  public let advice: SideAdvice?

  public init(result: ParlayResult, price: Odds? = nil, advice: SideAdvice? = nil) {
    self.result = result
    self.price = price
    self.advice = advice
  }
}

public enum ParlayPricing {
  public static func price(_ request: ParlayPricingRequest) throws(InputError) -> PricedParlay {
    if let price = request.price, price.decimal <= 1 {
      throw .invalid(field: "price", value: "\(price.decimal)", reason: "must be above 1 (decimal)")
    }
    let result = try ParlayPricer.price(request.parlay, options: request.options)
    return PricedParlay(
      result: result, price: request.price, advice: request.price.map { result.advice(at: $0, policy: request.policy) })
  }
}
