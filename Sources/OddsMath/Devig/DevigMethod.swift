/// How to turn one book's prices on all outcomes of a market into fair probabilities (remove
/// the vig). Each method lives in its own file with its formula and references.
///
///   multiplicative  p_i = pi_i / B                          (normalisation; the replaced service)
///   additive        p_i = pi_i - (B - 1) / n                (equal margin per outcome)
///   power           p_i = pi_i^k,  sum p_i = 1              (Clarke, Kovalchik & Ingram 2017)
///   shin            insider-trading model, solve for z      (Shin 1991, 1993; Jullien & Salanie 1994)
///   odds-ratio      odds(pi_i) = c odds(p_i)                (Cheung 2015)
///   logarithmic     logit p_i = logit pi_i - lambda         (the logit shift; identical to
///                                                            odds-ratio with c = e^lambda)
///
/// where pi_i = 1/d_i are the implied probabilities and B their sum. Every method works for 2 or
/// more outcomes and for underround markets (B < 1). The default is power: it keeps every
/// probability in (0, 1) and shifts more of the margin onto longshots, correcting the
/// favourite-longshot bias.
public enum DevigMethod: String, CaseIterable, Sendable, Codable {
  case multiplicative
  case additive
  case power
  case shin
  case oddsRatio = "odds-ratio"
  case logarithmic

  public static let `default` = DevigMethod.power

  /// A method by name, case-insensitive; `_` may stand for `-` (odds_ratio).
  public init(name: String) throws(DevigError) {
    let key = name.lowercased().replacingUnderscores
    guard let method = DevigMethod(rawValue: key) else { throw .unknownMethod(name) }
    self = method
  }

  /// The name of the method's parameter in results and JSON, if it has one.
  public var parameterName: String? {
    switch self {
    case .multiplicative, .additive: nil
    case .power: "k"
    case .shin: "z"
    case .oddsRatio: "c"
    case .logarithmic: "lambda"
    }
  }

  func devig(_ market: Market) -> DevigResult {
    switch self {
    case .multiplicative: Multiplicative.devig(market)
    case .additive: Additive.devig(market)
    case .power: Power.devig(market)
    case .shin: Shin.devig(market)
    case .oddsRatio: OddsRatio.devig(market)
    case .logarithmic: Logarithmic.devig(market)
    }
  }
}

/// Why a devig request was refused.
public enum DevigError: Error, Equatable, Sendable, CustomStringConvertible {
  case unknownMethod(String)

  public var description: String {
    switch self {
    case .unknownMethod(let name):
      "unknown devig method '\(name)' (choose from \(DevigMethod.allCases.map(\.rawValue).joined(separator: ", ")))"
    }
  }
}

extension String {
  fileprivate var replacingUnderscores: String {
    String(map { $0 == "_" ? "-" : $0 })
  }
}
