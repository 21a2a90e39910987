import OddsMath
import Simulation

/// A parlay of market bets priced at the market's fair probabilities, with the legs of one game
/// correlated as the game model correlates them: `POST /api/fairbet/parlay/evaluate`.
///
/// Each leg comes with its fair probability (the sharp consensus). Legs of different games are
/// independent. Legs of one game that the game model can price (total, spread, moneyline) move
/// together: the game's model is made to reproduce its own market (`MarketImpliedMeans`, from
/// the fair total and home spread), its joint histogram gives the probability that all of them
/// win and each alone, and their ratio (the lift over independence) multiplies the product of
/// the fair probabilities. The result is held within the bounds any joint distribution of the
/// legs obeys: at least sum(p) - (n - 1), at most min(p). Legs the model cannot price (player
/// props) count as independent, and say so.
package struct FairParlayRequest: Sendable {
  package struct Leg: Sendable {
    package var game: Int
    package var probability: Double
    /// The game-model market of the leg, nil when the model cannot price it.
    package var market: ParlayLeg.Market?
    package var label: String

    package init(game: Int, probability: Double, market: ParlayLeg.Market?, label: String) {
      self.game = game
      self.probability = probability
      self.market = market
      self.label = label
    }
  }

  package var legs: [Leg]
  /// Each game's fair total and home spread, when its market has both.
  package var mainLines: [Int: (total: Double, spread: Double)]
  /// The model the games' means are solved over.
  package var base: GameModel
  package var options: SimulationOptions

  package init(legs: [Leg], mainLines: [Int: (total: Double, spread: Double)], base: GameModel, options: SimulationOptions) {
    self.legs = legs
    self.mainLines = mainLines
    self.base = base
    self.options = options
  }

  /// Simulated game paths: one joint histogram per game with two or more model legs.
  package var cost: Int {
    Dictionary(grouping: legs.filter { $0.market != nil }, by: \.game).values.filter { $0.count > 1 }.count
      * options.simulations
  }
}

package struct FairParlayPrice: Sendable {
  package let probability: Double
  /// The product of the legs' fair probabilities.
  package let independentProbability: Double
  /// probability / independentProbability.
  package let lift: Double
  /// Per leg: how it was priced ("game_model" or "independent").
  package let pricedBy: [String]
}

package enum FairParlayPricing {
  /// Games simulated for a parlay's same-game correlation: the lift's standard error is then
  /// under 1% of it for legs of probability 0.2 and up.
  package static let simulations = 100_000

  /// The simulation of a parlay's same-game legs, at `seed` on `threads`.
  package static func options(seed: UInt64, threads: Int) -> SimulationOptions {
    SimulationOptions(simulations: simulations, seed: seed, threads: threads)
  }

  package static func price(_ request: FairParlayRequest) throws(InputError) -> FairParlayPrice {
    let ps = request.legs.map(\.probability)
    let product = ps.reduce(1, *)
    var lift = 1.0
    var pricedBy = Array(repeating: "independent", count: request.legs.count)
    let byGame = Dictionary(grouping: request.legs.indices.filter { request.legs[$0].market != nil }) { request.legs[$0].game }
    for (game, indices) in byGame.sorted(by: { $0.key < $1.key }) where indices.count > 1 {
      guard let lines = request.mainLines[game],
        let model = try? MarketImpliedMeans.solve(total: lines.total, spread: lines.spread, model: request.base)
      else { continue }
      let legs = indices.map { ParlayLeg(market: request.legs[$0].market!, label: request.legs[$0].label) }
      let result = try ParlayPricer.price(Parlay(games: [model], legs: legs), options: request.options)
      let alone = result.legProbabilities.reduce(1, *)
      guard alone > 0 else { continue }
      lift *= result.jointProbability / alone
      for i in indices { pricedBy[i] = "game_model" }
    }
    let lower = max(0, ps.reduce(0, +) - Double(ps.count - 1))
    let upper = ps.min() ?? 1
    let p = min(max(product * lift, lower), upper)
    return FairParlayPrice(probability: p, independentProbability: product, lift: product > 0 ? p / product : 1, pricedBy: pricedBy)
  }
}
