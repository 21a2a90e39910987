import Foundation
import OddsMath
import ServiceContracts

/// Rendering shared by the odds, devig and fair commands: aligned tables, number formats, JSON.
package enum OddsOutput {
  /// Price arguments without the `--` that lets negative American odds through (arguments
  /// parsed with `.allUnrecognized` keep it).
  package static func priceArguments(_ arguments: [String]) -> [String] {
    guard let i = arguments.firstIndex(of: "--") else { return arguments }
    var rest = arguments
    rest.remove(at: i)
    return rest
  }

  package static func printJSON(_ value: some Encodable, style: ContractJSON.Style = .compact) throws {
    print(try JSONOutput.encode(value, style: style))
  }

  /// A warning for a market whose prices imply less than 100% in total (a negative margin).
  package static func warnIfNegativeMargin(_ overround: Double) {
    guard overround < 0 else { return }
    FileHandle.standardError.write(
      Data(
        "warning: negative margin \(percent(overround)): the prices imply less than 100% in total (an arbitrage, a mistyped price, or outcomes missing from the market)\n"
          .utf8))
  }

  /// Columns padded to their widest cell; `left` columns left-aligned, the rest right-aligned.
  package static func printTable(header: [String], rows: [[String]], left: Set<Int> = [0]) {
    print(table(header: header, rows: rows, left: left))
  }

  /// The lines `printTable` prints, joined.
  package static func table(header: [String], rows: [[String]], left: Set<Int> = [0]) -> String {
    let all = [header] + rows
    let widths = header.indices.map { c in all.map { $0.indices.contains(c) ? $0[c].count : 0 }.max() ?? 0 }
    return all.map { row in
      let cells = row.enumerated().map { c, cell in
        let pad = String(repeating: " ", count: max(0, widths[c] - cell.count))
        return left.contains(c) ? cell + pad : pad + cell
      }
      return cells.joined(separator: "  ").trimmingTrailingSpaces
    }.joined(separator: "\n")
  }

  package static func decimal(_ x: Double) -> String { String(format: "%.4g", x) }

  package static func probability(_ p: Double) -> String { String(format: "%.4f", p) }

  package static func percent(_ p: Double) -> String { String(format: "%.2f%%", p * 100) }

  /// +150, -110, -109.89: signed, at most two decimals.
  package static func american(_ a: Double) -> String {
    let rounded = (a * 100).rounded() / 100
    let body = rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.2f", rounded)
    return rounded > 0 ? "+" + body : body
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    var s = self
    while s.last == " " { s.removeLast() }
    return s
  }
}
