import ArgumentParser
import Foundation
import Renderers
import ServiceContracts
import UseCases

/// `mcsim odds convert`: one price in every format.
struct OddsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "odds",
    abstract: "Works with prices in any format.",
    subcommands: [Convert.self]
  )

  struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Shows prices in every format: decimal, American, fractional, Hong Kong and implied probability.",
      discussion: "Negative American odds can follow `--` or stand alone: mcsim odds convert -- -110 +150 1.91 10/11"
    )

    @Argument(parsing: .allUnrecognized, help: "Prices: decimal (1.91), American (-110, +150) or fractional (10/11).")
    var prices: [String] = []

    @OptionGroup(title: "Output") var output: OutputOptions
    var json: Bool { output.json }

    func validate() throws {
      guard !OddsOutput.priceArguments(prices).isEmpty else { throw ValidationError("Give at least one price.") }
    }

    func run() throws {
      let prices = OddsOutput.priceArguments(self.prices)
      let readings = try prices.map { text in try CLIError.wrap(text, field: "price") { try PriceReading(text) } }
      PriceWarningText.warn(readings.compactMap { AmbiguousPrice.of($0, at: "") })
      let odds = readings.map(\.odds)
      if json {
        try OddsOutput.printJSON(zip(prices, odds).map { ConvertedPrice(input: $0, odds: $1) }, style: output.style)
        return
      }
      OddsOutput.printTable(
        header: ["input", "decimal", "American", "fractional", "ladder", "Hong Kong", "implied"],
        rows: zip(prices, odds).map { input, o in
          [
            input, OddsOutput.decimal(o.decimal), OddsOutput.american(o.american), o.fractional.description,
            o.customaryFractional.description, OddsOutput.decimal(o.hongKong), OddsOutput.percent(o.impliedProbability),
          ]
        })
    }
  }
}
