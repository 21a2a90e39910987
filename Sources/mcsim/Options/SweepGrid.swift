import Foundation
import Renderers
import UseCases

/// A grid of values as typed on the command line: a single value (`115`), a range with a step
/// (`215:235:0.5`, both ends included when the step lands on them) or a list (`0,0.2,0.5`).
/// Every refusal names the option and the text.
enum SweepGrid {
  static func parse(_ option: String, _ text: String) throws -> [Double] {
    try grid(option, text, increasing: "list values must increase") { try number(option, text, $0) }
  }

  /// One number of the grid `text`.
  private static func number(_ option: String, _ text: String, _ s: String) throws -> Double {
    guard let x = Double(s), x.isFinite else {
      throw CLIError.option(option, text, "'\(s)' is not a number (a grid is a:b:step, a,b,c or one value)")
    }
    return x
  }

  /// A grid of prices (`--price`), each read by the one price rule (`PriceText`): one price or a
  /// list in any form (`-110`, `1.91,2.0`, `-120,-110,+100`, `10/11`), increasing as decimal
  /// odds; a range steps decimal odds (`1.80:2.10:0.05`). An unsigned price of 100 or more is
  /// read as decimal and warned about, as every command does. Decimal odds out.
  static func prices(_ option: String, _ text: String) throws -> [Double] {
    let isRange = text.contains(":")
    return try grid(option, text, increasing: "list prices must increase as decimal odds") { s in
      // A range's ends and step are decimal numbers: an American or fractional end is refused.
      if isRange, Double(s) == nil || s.first?.isNumber != true {
        throw CLIError.option(option, text, "a range of prices steps decimal odds (1.80:2.10:0.05); list other prices (-120,-110,+100)")
      }
      return try PriceText.parse(s, option: option).odds.decimal
    } step: {
      try number(option, text, $0)
    }
  }

  /// The grid of `text`, each value (a range's ends, each item of a list) read by `value` from
  /// its text, trimmed; a range's step by `step`.
  private static func grid(
    _ option: String, _ text: String, increasing: String, value: (String) throws -> Double,
    step readStep: ((String) throws -> Double)? = nil
  ) throws -> [Double] {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { throw CLIError.option(option, "''", "the grid is empty") }
    func item(_ s: Substring) -> String { s.trimmingCharacters(in: .whitespaces) }
    if trimmed.contains(":") {
      let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false).map(item)
      guard parts.count == 3, !parts.contains(where: \.isEmpty) else {
        throw CLIError.option(option, text, "a range is start:end:step (three numbers)")
      }
      let a = try value(parts[0]), b = try value(parts[1]), step = try readStep.map { try $0(parts[2]) } ?? value(parts[2])
      guard step > 0 else { throw CLIError.option(option, text, "the step must be positive (got \(parts[2]))") }
      guard a <= b else { throw CLIError.option(option, text, "the range is reversed: start \(parts[0]) is above end \(parts[1])") }
      let span = (b - a) / step
      guard span < Double(SweepPricing.maxPoints) else {
        throw CLIError.option(option, text, "more than \(SweepPricing.maxPoints) points")
      }
      let count = Int((span + 1e-9).rounded(.down)) + 1
      // a + k step, rounded to three more decimals than the step has, so 0.1 steps print as typed.
      let scale = pow(10, Double(min(12, max(0, Int(-log10(step).rounded(.down)) + 3))))
      return (0..<count).map { k in ((a + Double(k) * step) * scale).rounded() / scale }
    }
    let items = trimmed.split(separator: ",", omittingEmptySubsequences: false).map(item)
    guard !items.contains(where: \.isEmpty) else { throw CLIError.option(option, text, "an empty value in the list") }
    guard items.count <= SweepPricing.maxPoints else {
      throw CLIError.option(option, text, "more than \(SweepPricing.maxPoints) points")
    }
    let values = try items.map(value)
    for (x, y) in zip(values, values.dropFirst()) where !(x < y) {
      throw CLIError.option(option, text, "\(increasing) (\(PriceReading.text(y)) follows \(PriceReading.text(x)))")
    }
    return values
  }
}
