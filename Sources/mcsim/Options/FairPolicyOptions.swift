import ArgumentParser
import Foundation
import ServiceContracts
import UseCases

/// A devig method's name as the command line takes it (Devigging's names), or `all` where
/// `allowsAll` (`devig` and `fair` take every method; a slate prices with one).
struct DevigMethodName<Scope: DevigMethodScope>: ExpressibleByArgument {
  let name: String
  init?(argument: String) {
    guard Devigging.methods(named: [argument], allowingAll: Scope.allowsAll).refused.isEmpty else { return nil }
    name = argument
  }
  static var `default`: Self { Self(argument: Devigging.defaultMethod)! }
  static var allValueStrings: [String] { Devigging.methodNames + (Scope.allowsAll ? [Devigging.allMethods] : []) }
  var defaultValueDescription: String { name }
  var isAll: Bool { name.lowercased() == Devigging.allMethods }
}

protocol DevigMethodScope { static var allowsAll: Bool { get } }
/// One method or all of them.
enum AnyMethods: DevigMethodScope { static let allowsAll = true }
/// One method.
enum OneMethod: DevigMethodScope { static let allowsAll = false }

/// How books' prices become fair odds (the fair-odds library's policy), shared by `fair` and
/// `slate`; each command takes its own `--method` (`fair` also takes `all`).
struct FairPolicyOptions: ParsableArguments {
  @Option(
    name: .customLong("sharp"), parsing: .upToNextOption,
    help: "Sharp books: --sharp pinnacle circa (commas also separate; default pinnacle circa betcris).")
  var sharpBooks: [String] = []

  @Option(help: "Minimum number of books with a fresh price on a side.")
  var minBooks = 3

  @Option(help: "Age limit of main-line quotes, in minutes.")
  var maxAgeMain = 60.0

  @Option(help: "Age limit of player-prop quotes, in minutes.")
  var maxAgeProps = 30.0

  @Option(help: "Largest gap in American cents between fair and median price on main lines.")
  var outlierMain = 150.0

  @Option(help: "Largest gap in American cents between fair and median price on player props.")
  var outlierProps = 250.0

  @Option(name: .customLong("fee"), help: "Commission on winnings of a book, as BOOK=RATE (betfair=0.02); repeatable.")
  var fees: [String] = []

  @Flag(help: "Withhold EV when no sharp book prices every side, instead of using the whole market.")
  var sharpOnly = false

  func validate() throws {
    guard minBooks >= 1 else { throw ValidationError("--min-books must be at least 1, got \(minBooks).") }
    for (name, value) in [
      ("max-age-main", maxAgeMain), ("max-age-props", maxAgeProps),
      ("outlier-main", outlierMain), ("outlier-props", outlierProps),
    ]
    where !(value > 0) {
      throw ValidationError("--\(name) must be positive, got \(value).")
    }
  }

  /// The terms asked (nil where an option was left at its default, so a config's or the
  /// library's value stands).
  func terms() throws -> FairQuoting.Terms {
    var terms = FairQuoting.Terms()
    terms.sharpBooks = try Self.sharp(sharpBooks) ?? []
    terms.sharpOnly = sharpOnly
    terms.minimumBooks = minBooks
    terms.maxAgeMain = maxAgeMain
    terms.maxAgeProps = maxAgeProps
    terms.outlierMain = outlierMain
    terms.outlierProps = outlierProps
    for item in fees {
      guard let eq = item.lastIndex(of: "="), let rate = Double(item[item.index(after: eq)...]) else {
        throw CLIError.option("--fee", "'\(item)'", "expected BOOK=RATE with a rate in [0, 1), like betfair=0.02")
      }
      do { try FairQuoting.checkFee(rate, field: "--fee") } catch {
        throw CLIError.option("--fee", "'\(item)'", "the rate \(error.reason), like betfair=0.02")
      }
      terms.fees[String(item[..<eq])] = rate
    }
    return terms
  }

  /// `--sharp` as given (`FairQuoting.sharpBooks`' one reading), nil when not given; a list that
  /// names no book is a usage error.
  static func sharp(_ given: [String]) throws -> [String]? {
    guard !given.isEmpty else { return nil }
    do { return try FairQuoting.sharpBooks(given, field: "--sharp") } catch {
      throw ValidationError("\(error.field) \(error.value): \(error.reason)")
    }
  }

  /// The fair-odds job with these options, for `methods`, over a config's sharp books and fees.
  func quoting(methods: [String], config: ConfigFile? = nil) throws -> FairQuoting {
    try FairQuoting(terms(), methods: methods, configSharpBooks: config?.sharpBooks, configFees: config?.fees)
  }
}
