import OddsMath
import Simulation

/// A game's periods priced beside it (`run --period`, a slate file's `period_lines`): each quote
/// on the model's quarter model at the game's regulation means, or, in play, given the state
/// (`InPlayGame.periods`: only the periods not yet started). One rule for both: a model without
/// a quarter model is refused naming the input that asked (`field`, `value`).
package enum PeriodPricing {
  /// The periods an input may ask for, by name (q1 ... h2).
  package static let names = GamePeriod.allCases.map(\.rawValue)

  /// The names of a period's prices, as every input writes them (a slate file's `period_lines`,
  /// `run --period-price NAME=PRICE`): the game's own price names, `draw_ml`, and each team's
  /// total's over and under.
  package static let priceNames = [
    "over_odds", "under_odds", "home_spread_odds", "away_spread_odds", "home_ml", "away_ml", "draw_ml", "home_over_odds",
    "home_under_odds", "away_over_odds", "away_under_odds",
  ]

  /// A period's lines: each with its name in a slate file's `period_lines` (`total`, `spread`,
  /// `home_total`, `away_total`), its `run` setting, its range (a total or a team's total in
  /// (0, 1000), the home spread in (-100, 100)), and the prices of its market's sides. One
  /// description for every input that gives a period's lines and every check of them.
  package enum Line: String, CaseIterable, Sendable {
    case total, spread, homeTotal = "home_total", awayTotal = "away_total"

    /// `run --period-line`, `--period-spread`, `--period-home-total`, `--period-away-total`.
    package var setting: String { self == .total ? "period_line" : "period_" + rawValue }

    package func value(in q: PeriodQuote) -> Double? {
      switch self {
      case .total: q.totalLine
      case .spread: q.spread
      case .homeTotal: q.homeTotal
      case .awayTotal: q.awayTotal
      }
    }

    /// `q` with this line set to `value`.
    func set(_ value: Double?, in q: inout PeriodQuote) {
      switch self {
      case .total: q.totalLine = value
      case .spread: q.spread = value
      case .homeTotal: q.homeTotal = value
      case .awayTotal: q.awayTotal = value
      }
    }

    /// `q` without this line or its market's prices.
    func remove(from q: inout PeriodQuote) {
      set(nil, in: &q)
      switch self {
      case .total: (q.prices.over, q.prices.under) = (nil, nil)
      case .spread: (q.prices.homeSpread, q.prices.awaySpread) = (nil, nil)
      case .homeTotal: (q.prices.homeOver, q.prices.homeUnder) = (nil, nil)
      case .awayTotal: (q.prices.awayOver, q.prices.awayUnder) = (nil, nil)
      }
    }

    /// Why `x` is out of this line's range; nil when it is in it.
    func problem(_ x: Double) -> String? {
      switch self {
      case .spread: x.isFinite && abs(x) < 100 ? nil : "must be in (-100, 100)"
      default: x.isFinite && x > 0 && x < 1000 ? nil : "must be in (0, 1000)"
      }
    }
  }

  /// A period's quote of `lines` and `prices` (unchecked: `checkLines`).
  package static func quote(_ period: GamePeriod, lines: [Line: Double], prices: PeriodPrices) -> PeriodQuote {
    var q = PeriodQuote(period: period, prices: prices)
    for (line, value) in lines { line.set(value, in: &q) }
    return q
  }

  /// Each line of `quote` out of range, with why, in `Line` order.
  package static func outOfRange(_ quote: PeriodQuote) -> [(line: Line, value: Double, reason: String)] {
    Line.allCases.compactMap { line in
      line.value(in: quote).flatMap { x in line.problem(x).map { (line, x, $0) } }
    }
  }

  /// A period's lines in range (`Line`); the first out of it refused, named as `field` calls it.
  package static func checkLines(_ quote: PeriodQuote, field: (Line) -> String) throws(InputError) {
    if let bad = outOfRange(quote).first {
      throw .invalid(field: field(bad.line), value: PlainNumber.text(bad.value), reason: bad.reason)
    }
  }

  /// A period's prices by name (`priceNames`) and what a two-way moneyline's level period does
  /// (`tie`: `push`, stakes back, the default; or `lose`). Refusals name `priceField` (an unknown
  /// name) or `tieField`.
  package static func prices(
    _ named: [(name: String, odds: Odds)], tie: String?, priceField: String, tieField: String
  ) throws(InputError) -> PeriodPrices {
    var p = PeriodPrices()
    for (name, odds) in named {
      switch name {
      case "over_odds": p.over = odds
      case "under_odds": p.under = odds
      case "home_spread_odds": p.homeSpread = odds
      case "away_spread_odds": p.awaySpread = odds
      case "home_ml": p.home = odds
      case "away_ml": p.away = odds
      case "draw_ml": p.draw = odds
      case "home_over_odds": p.homeOver = odds
      case "home_under_odds": p.homeUnder = odds
      case "away_over_odds": p.awayOver = odds
      case "away_under_odds": p.awayUnder = odds
      default: throw .invalid(field: priceField, value: name, reason: "must be one of \(priceNames.joined(separator: ", "))")
      }
    }
    switch tie {
    case nil, "push": break
    case "lose":
      guard p.draw == nil else {
        throw .invalid(field: tieField, value: "lose", reason: "a three-way moneyline (draw_ml) settles a level period as the draw")
      }
      p.tieLoses = true
    case let other?: throw .invalid(field: tieField, value: other, reason: "must be push or lose")
    }
    return p
  }

  /// The periods asked for by name (`run --period`), with lines and prices (`NAME=PRICE`,
  /// `priceNames`) when exactly one is asked; each refusal names its setting (`period`,
  /// `period_line`, `period_spread`, `period_home_total`, `period_away_total`, `period_price`,
  /// `period_tie`).
  package static func quotes(
    _ asked: [String], lines: [Line: Double], prices: [(name: String, price: PriceReading)] = [], tie: String? = nil
  ) throws(InputError) -> [PeriodQuote] {
    let periods = try asked.map { name throws(InputError) in
      guard let period = GamePeriod(rawValue: name) else {
        throw .invalid(field: "period", value: name, reason: "must be one of \(names.joined(separator: ", "))")
      }
      return period
    }
    let firstLine = Line.allCases.first { lines[$0] != nil }
    if firstLine != nil || !prices.isEmpty || tie != nil, periods.count != 1 {
      throw .invalid(
        field: firstLine?.setting ?? (prices.isEmpty ? "period_tie" : "period_price"),
        value: firstLine.map { PlainNumber.text(lines[$0]!) } ?? prices.first?.name ?? tie ?? "",
        reason: "goes with exactly one period (got \(periods.count))")
    }
    let quoted = try Self.prices(prices.map { ($0.name, $0.price.odds) }, tie: tie, priceField: "period_price", tieField: "period_tie")
    let quotes = periods.map { quote($0, lines: lines, prices: quoted) }
    for q in quotes { try checkLines(q, field: \.setting) }
    return quotes
  }

  package static func price(
    _ quotes: [PeriodQuote], on quarters: PeriodModel?, game: GameModel, live: InPlayGame? = nil, policy: AdvicePolicy,
    field: String, value: String
  ) throws(InputError) -> [PricedPeriod] {
    guard !quotes.isEmpty else { return [] }
    guard let quarters else {
      throw .invalid(field: field, value: value, reason: InPlayPricing.noQuarterModel)
    }
    return try quotes.map { q throws(InputError) in
      let scores: PeriodScores
      if let live {
        guard let given = live.periods[q.period] else {
          throw .invalid(
            field: field, value: q.period.rawValue,
            reason: "has started by period \(live.state.period) \(live.state.clock): in play only periods still to come are priced")
        }
        scores = given
      } else {
        scores = quarters.period(q.period, homeRegulation: game.homeMean, awayRegulation: game.awayMean)
      }
      return PricedPeriod(q, scores: scores, policy: policy)
    }
  }

  /// The periods a feed quotes (`SlateGame.quotedPeriods`), priced where they can be: without a
  /// quarter model none is, and in play only those still to come are; what is left out is said in
  /// one note (nil when nothing is).
  package static func priceQuoted(
    _ quotes: [PeriodQuote], on quarters: PeriodModel?, game: GameModel, live: InPlayGame?, policy: AdvicePolicy
  ) -> (priced: [PricedPeriod], note: String?) {
    guard !quotes.isEmpty else { return ([], nil) }
    let names = quotes.map(\.period.rawValue).joined(separator: ", ")
    guard quarters != nil else {
      return ([], "the feed's period markets (\(names)) are not priced: \(InPlayPricing.noQuarterModel)")
    }
    let open = quotes.filter { live == nil || live!.periods[$0.period] != nil }
    let priced = (try? price(open, on: quarters, game: game, live: live, policy: policy, field: "period", value: "")) ?? []
    let started = quotes.filter { q in !open.contains { $0.period == q.period } }.map(\.period.rawValue)
    let note = started.isEmpty ? nil : "the feed's period markets of periods under way or over (\(started.joined(separator: ", "))) are left out"
    return (priced, note)
  }
}
