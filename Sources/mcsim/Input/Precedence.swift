import Foundation
import UseCases

/// The one precedence of every command: an option on the command line wins over the same value
/// in an input file, which wins over the default. When both are given and differ, a note on
/// stderr says which won ("note: --home-sd 14 overrides home_std_dev 10 from X").
enum Precedence {
  static func resolve<T: Equatable>(_ option: String, _ flag: T?, _ field: String, _ file: T?, source: String) -> T? {
    if let flag, let file, flag != file { note(option, flag, field, file, source: source) }
    return flag ?? file
  }

  static func note(_ option: String, _ flag: Any, _ field: String, _ file: Any, source: String, suffix: String = "") {
    FileHandle.standardError.write(
      Data("note: \(option) \(text(flag)) overrides \(field) \(text(file)) from \(source)\(suffix)\n".utf8))
  }

  /// A value an input set over a file's or a config's ("note: slate.json sets rho 0.3 over
  /// 0.42 from model file m.json"): the precedence at work, said when it happens.
  static func note(_ o: Provenance.Override) {
    FileHandle.standardError.write(Data("note: \(o.by) sets \(o.setting) \(o.value) over \(o.over) from \(o.from)\n".utf8))
  }

  /// 14 rather than 14.0 (the one plain-number text, `PlainNumber`); other values as they print.
  static func text(_ value: Any) -> String {
    if let d = value as? Double { return PriceReading.text(d) }
    return "\(value)"
  }
}
