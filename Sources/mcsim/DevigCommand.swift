import ArgumentParser
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

  @Argument(parsing: .allUnrecognized, help: "Prices of every outcome, optionally named: 1.83 2.07, home=-110 away=-110.")
  var prices: [String] = []

  @Option(help: "The devig method, or all of them.")
  var method = DevigMethodName<AnyMethods>.default

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
    let job: Devigging
    do {
      job = try Devigging(prices: pairs.map(\.1), outcomes: names, methods: Devigging.methods(named: [method.name]).methods)
    } catch {
      throw CLIError.fail(error.reason, field: "prices")
    }
    let answer = job.run()
    OddsOutput.warnIfNegativeMargin(answer.market.overround)
    if json {
      let results = answer.results
      try results.count == 1 ? OddsOutput.printJSON(results[0], style: output.style) : OddsOutput.printJSON(results, style: output.style)
      return
    }
    print(DevigTable.render(answer, prices: prices), terminator: "")
  }
}
