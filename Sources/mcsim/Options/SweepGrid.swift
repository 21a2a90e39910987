import Foundation
import Renderers
import UseCases

/// A grid of values as typed on the command line: a single value (`115`), a range with a step
/// (`215:235:0.5`, both ends included when the step lands on them) or a list (`0,0.2,0.5`).
/// Every refusal names the option and the text.
enum SweepGrid {
  /// A grid of prices (`--price`), each read by the one price rule (`PriceText`): one price or a
  /// list in any form (`-110`, `1.91,2.0`, `-120,-110,+100`, `10/11`), increasing as decimal
  /// odds; a range steps decimal odds (`1.80:2.10:0.05`). An unsigned price of 100 or more is
  /// read as decimal and warned about, as every command does. Decimal odds out.
  static func prices(_ option: String, _ text: String) throws -> [Double] {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard trimmed.contains(":") else {
      let items = trimmed.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
      guard !items.contains(where: \.isEmpty) else {
        throw CLIError.option(option, text, trimmed.isEmpty ? "the grid is empty" : "an empty value in the list")
      }
      guard items.count <= SweepPricing.maxPoints else { throw CLIError.option(option, text, "more than \(SweepPricing.maxPoints) points") }
      let values = try items.map { try PriceText.parse($0, option: option).odds.decimal }
      for (x, y) in zip(values, values.dropFirst()) where !(x < y) {
        throw CLIError.option(option, text, "list prices must increase as decimal odds (\(Fmt.price(y)) follows \(Fmt.price(x)))")
      }
      return values
    }
    // A range's ends are decimal odds: warned as any price, an American or fractional one refused.
    for end in trimmed.split(separator: ":", omittingEmptySubsequences: false).prefix(2) {
      let written = end.trimmingCharacters(in: .whitespaces)
      guard Double(written) != nil, written.first?.isNumber == true else {
        throw CLIError.option(option, text, "a range of prices steps decimal odds (1.80:2.10:0.05); list other prices (-120,-110,+100)")
      }
      _ = try PriceText.parse(written, option: option)
    }
    return try parse(option, text)
  }

  static func parse(_ option: String, _ text: String) throws -> [Double] {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    func number(_ s: Substring) throws -> Double {
      guard let x = Double(s.trimmingCharacters(in: .whitespaces)), x.isFinite else {
        throw CLIError.option(option, text, "'\(s)' is not a number (a grid is a:b:step, a,b,c or one value)")
      }
      return x
    }
    guard !trimmed.isEmpty else { throw CLIError.option(option, "''", "the grid is empty") }
    if trimmed.contains(":") {
      let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count == 3 else {
        throw CLIError.option(option, text, "a range is start:end:step (three numbers)")
      }
      let a = try number(parts[0]), b = try number(parts[1]), step = try number(parts[2])
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
    let values = try trimmed.split(separator: ",", omittingEmptySubsequences: false).map { s -> Double in
      guard !s.trimmingCharacters(in: .whitespaces).isEmpty else {
        throw CLIError.option(option, text, "an empty value in the list")
      }
      return try number(s)
    }
    guard values.count <= SweepPricing.maxPoints else {
      throw CLIError.option(option, text, "more than \(SweepPricing.maxPoints) points")
    }
    for (x, y) in zip(values, values.dropFirst()) where !(x < y) {
      throw CLIError.option(option, text, "list values must increase (\(y) follows \(x))")
    }
    return values
  }
}
