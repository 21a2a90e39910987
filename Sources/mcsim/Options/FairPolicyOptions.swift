import Foundation
import ArgumentParser
import OddsMath

extension DevigMethod: ExpressibleByArgument {}

/// How books' prices become fair odds (the fair-odds library's policy), shared by `fair` and
/// `slate`; each command takes its own `--method` (`fair` also takes `all`).
struct FairPolicyOptions: ParsableArguments {
  @Option(name: .customLong("sharp"), parsing: .upToNextOption, help: "Sharp books: --sharp pinnacle circa (commas also separate; default pinnacle circa betcris).")
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
    for (name, value) in [("max-age-main", maxAgeMain), ("max-age-props", maxAgeProps),
                          ("outlier-main", outlierMain), ("outlier-props", outlierProps)]
    where !(value > 0) {
      throw ValidationError("--\(name) must be positive, got \(value).")
    }
  }

  /// One policy per method.
  func policies(_ methods: [DevigMethod]) throws -> [FairOddsPolicy] {
    let base = try policy(.power)
    return methods.map { m in
      var p = base
      p.method = m
      return p
    }
  }

  func policy(_ method: DevigMethod) throws -> FairOddsPolicy {
    var policy = FairOddsPolicy()
    policy.method = method
    let sharp = sharpBooks.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
    if !sharp.isEmpty { policy.sharpBooks = sharp }
    policy.fallbackToWholeMarket = !sharpOnly
    policy.minimumBooks = minBooks
    policy.maximumAge = [.main: maxAgeMain * 60, .playerProp: maxAgeProps * 60]
    policy.outlierThreshold = [.main: outlierMain, .playerProp: outlierProps]
    for item in fees {
      guard let eq = item.lastIndex(of: "="), let rate = Double(item[item.index(after: eq)...]),
        rate >= 0, rate < 1
      else {
        throw CLIError.option("--fee", "'\(item)'", "expected BOOK=RATE with a rate in [0, 1), like betfair=0.02")
      }
      policy.fees[String(item[..<eq])] = rate
    }
    return policy
  }
}
