import OddsMath
import Simulation

/// The devig job, for `mcsim devig` and `POST /api/odds/devig`: one book's prices on every
/// outcome of a market (each read by the one price rule, `PriceReading`), devigged by each
/// method asked. The method names and the default are written here once.
package struct Devigging: Sendable {
  /// Each method's name, in the order outputs list them.
  package static let methodNames = DevigMethod.allCases.map(\.rawValue)
  /// The name that asks for every method.
  package static let allMethods = "all"
  /// The method when none is asked (power).
  package static let defaultMethod = DevigMethod.default.rawValue

  /// What one devig answers: the market as read and one result a method.
  package struct Answer: Sendable {
    package let market: Market
    package let results: [DevigResult]
  }

  let market: Market
  let methods: [DevigMethod]

  /// The methods `names` ask for (a method's name, case-insensitive, or `all` where
  /// `allowingAll`; each once, in the order asked), and each name refused, as `method`'s problem.
  package static func methods(named names: [String], allowingAll: Bool = true)
    -> (methods: [DevigMethod], refused: [InputError])
  {
    var methods: [DevigMethod] = []
    var refused: [InputError] = []
    for name in names {
      if allowingAll && name.lowercased() == allMethods {
        methods += DevigMethod.allCases.filter { !methods.contains($0) }
        continue
      }
      do {
        let method = try DevigMethod(name: name)
        if !methods.contains(method) { methods.append(method) }
      } catch {
        refused.append(
          .invalid(
            field: "method", value: name,
            reason: "must be one of \(methodNames.joined(separator: ", "))" + (allowingAll ? " or all" : "")))
      }
    }
    return (methods, refused)
  }

  /// The market of `prices` (named by `outcomes`, else numbered from 1), to devig by `methods`.
  package init(prices: [PriceReading], outcomes: [String]?, methods: [DevigMethod]) throws(InputError) {
    if let problem = Self.outcomesProblem(outcomes, prices: prices.count) { throw problem }
    do { market = try Market(prices: prices.map(\.odds), outcomes: outcomes) } catch {
      throw .invalid(field: "prices", value: "\(prices.count) prices", reason: "\(error)")
    }
    self.methods = methods
  }

  /// Outcome names that are not one a price (checkable before the prices are read).
  package static func outcomesProblem(_ outcomes: [String]?, prices: Int) -> InputError? {
    guard let outcomes, outcomes.count != prices else { return nil }
    return .invalid(field: "outcomes", value: "\(outcomes.count) names", reason: "needs one name per price (\(prices))")
  }

  /// Outcomes x methods: what the job's answer grows with.
  package var size: Int { market.prices.count * methods.count }

  package func run() -> Answer { Answer(market: market, results: methods.map { market.devig($0) }) }
}
