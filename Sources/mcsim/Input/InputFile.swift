import Renderers
import ServiceContracts

/// An input file's decoding, as every command does it: the ambiguous prices it holds ("110",
/// read as decimal) are said on stderr, naming the file and the field (`PriceWarningText`).
enum InputFile {
  static func decode<T>(_ source: String, _ body: () throws -> T) rethrows -> T {
    let (value, ambiguous) = try PriceNotices.collect(body)
    PriceWarningText.warn(ambiguous, in: source)
    return value
  }
}
