import ArgumentParser
import OddsMath
import Renderers
import ServiceContracts
import UseCases

/// `mcsim devig`: fair probabilities from one book's prices on every outcome of a market.
struct DevigCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "devig",
    abstract: "Removes the vig from one book's prices on every outcome of a market.",
    discussion: """
      Prices may be named (home=1.83) and may be American; negative ones can follow `--` or stand \
      alone: mcsim devig --method all -- -110 -110
      """
  )

  enum Method: String, ExpressibleByArgument, CaseIterable {
    case multiplicative, additive, power, shin
    case oddsRatio = "odds-ratio"
    case logarithmic, all

    var methods: [DevigMethod] {
      self == .all ? DevigMethod.allCases : [DevigMethod(rawValue: rawValue)!]
    }
  }

  @Argument(parsing: .allUnrecognized, help: "Prices of every outcome, optionally named: 1.83 2.07, home=-110 away=-110.")
  var prices: [String] = []

  @Option(help: "The devig method, or all of them.")
  var method: Method = .power

  @OptionGroup(title: "Output") var output: OutputOptions
  var json: Bool { output.json }

  func run() throws {
    let prices = OddsOutput.priceArguments(self.prices)
    let pairs = try prices.map { item in
      try CLIError.wrap(item, field: "price") { () throws -> (String?, PriceReading) in
        guard let eq = item.lastIndex(of: "=") else { return (nil, try PriceReading(item)) }
        return (String(item[..<eq]), try PriceReading(String(item[item.index(after: eq)...])))
      }
    }
    PriceWarningText.warn(pairs.compactMap { AmbiguousPrice.of($0.1, at: $0.0 ?? "") })
    let named = pairs.contains { $0.0 != nil }
    let names = named ? pairs.enumerated().map { $1.0 ?? String($0 + 1) } : nil
    let market: Market
    do {
      market = try Market(prices: pairs.map(\.1.odds), outcomes: names)
    } catch {
      throw CLIError.fail("\(error)", field: "prices")
    }
    let results = method.methods.map { market.devig($0) }
    OddsOutput.warnIfNegativeMargin(market.overround)
    if json {
      try results.count == 1 ? OddsOutput.printJSON(results[0], style: output.style) : OddsOutput.printJSON(results, style: output.style)
      return
    }
    render(market, results, prices)
  }

  private func render(_ market: Market, _ results: [DevigResult], _ prices: [String]) {
    var header = ["outcome", "price", "implied"]
    if results.count == 1 {
      header += ["fair p", "fair decimal", "fair American"]
    } else {
      header += results.map(\.method.rawValue)
    }
    let rows = market.outcomes.indices.map { i in
      var row = [
        market.outcomes[i], prices[i].split(separator: "=").last.map(String.init) ?? prices[i],
        OddsOutput.probability(market.prices[i].impliedProbability),
      ]
      if results.count == 1 {
        let fair = results[0].fairOdds[i]
        row += [
          OddsOutput.probability(results[0].probabilities[i]),
          fair.map { OddsOutput.decimal($0.decimal) } ?? "-", fair.map { OddsOutput.american($0.american) } ?? "-",
        ]
      } else {
        row += results.map { OddsOutput.probability($0.probabilities[i]) }
      }
      return row
    }
    OddsOutput.printTable(header: header, rows: rows)
    print("margin \(OddsOutput.percent(market.overround)) (hold \(OddsOutput.percent(market.hold)))")
    for r in results {
      if let (name, value) = r.namedParameter { print("\(r.method.rawValue): \(name) = \(value)") }
      for w in r.warnings { print("warning (\(r.method.rawValue)): \(w)") }
    }
  }
}
