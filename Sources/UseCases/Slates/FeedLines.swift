import Foundation
import OddsMath
import Simulation

/// The lines of one feed event as the engine prices them: for each of total, spread and
/// moneyline, the main line and the best price of each side across books, with the books' fair
/// probabilities beside them. Goes through the fair-odds library (`FairOdds`), so a multi-book
/// feed gets the same pairing, devig, sharp consensus and gates as `mcsim fair`:
/// - the main line of a market is the one the most books price on both sides; ties go to the
///   most balanced line (the two sides' median prices closest), then to the first;
/// - each side's price is its best fresh price (`BetReport.best`), so EV is against the best
///   price on the board; the book behind it is reported;
/// - the sides of spreads and moneylines are matched to the event's home and away teams by
///   `TeamKey`, whatever order the feed lists them in; a moneyline with a draw (3-way) is not a
///   two-way basketball line and is left out with a note.
///
/// A period's markets (`PeriodMarketKey`: `totals_h1`, `spreads_q1`, `h2h_q3`, `h2h_3_way_h1`,
/// `team_totals_h1`) are chosen by the same rules into one `PeriodQuote` per period: its main
/// total, spread and each team's total with the best price of each side, its moneyline
/// (three-way when the feed prices the draw), and the books' fair probabilities of each market's
/// sides beside them; a line out of range (`PeriodPricing.checkLines`) is left out with a note. A two-way period moneyline is
/// read as the usual US rule has it: a level period gives the stakes back.
package enum FeedLines {
  package struct Lines: Sendable {
    package var markets = GameMarkets()
    /// The periods the feed quotes, in period order.
    package var periods: [PeriodQuote] = []
    package var notes: [String] = []
  }

  /// One period's markets, as for the full game.
  struct PeriodCandidates {
    var totals: [Candidate] = []
    var spreads: [Candidate] = []
    var moneylines: [Candidate] = []
    var homeTotals: [Candidate] = []
    var awayTotals: [Candidate] = []
    /// A three-way moneyline: its report and the bets on home, away and the draw.
    var threeWay: (market: MarketReport, bets: [BetReport], indices: [Int])?
  }

  package static func lines(
    for event: FeedEvent, policy: FairOddsPolicy = FairOddsPolicy(), asOf: Date
  ) -> Lines {
    var out = Lines()
    guard !event.quotes.isEmpty else { return out }
    let report = FairOdds.evaluate(event.quotes, policy: policy, asOf: asOf)
    let home = event.home.map(TeamKey.init), away = event.away.map(TeamKey.init)

    var game = PeriodCandidates()
    var periods: [GamePeriod: PeriodCandidates] = [:]
    for (i, market) in report.markets.enumerated() where market.category == .main {
      let (base, period) = PeriodMarketKey.split(market.market)
      guard let family = Family(base) else { continue }
      let bets = report.bets.filter { $0.marketIndex == i }
      let names = market.selections.map { $0.lowercased() }
      var c = period.map { periods[$0] ?? PeriodCandidates() } ?? game
      switch family {
      case .teamTotal:
        // "Over Los Angeles Lakers" and "Under Los Angeles Lakers": one team's two sides.
        let read = market.selections.map { FeedSelection($0, home: event.home ?? "", away: event.away ?? "") }
        guard period != nil, read.count == 2, case .total(let o, let team?) = read[0], case .total(!o, team) = read[1] else {
          if period != nil {
            out.notes.append("\(market.market): sides \(market.selections.joined(separator: ", ")) are not one team's over and under; left out")
          }
          continue
        }
        let (over, under) = o ? (0, 1) : (1, 0)
        let candidate = Candidate(market: market, first: bets[over], second: bets[under], firstIndex: over, secondIndex: under)
        if team { c.homeTotals.append(candidate) } else { c.awayTotals.append(candidate) }
      case .total:
        guard let o = names.firstIndex(of: "over"), let u = names.firstIndex(of: "under"), names.count == 2 else { continue }
        c.totals.append(Candidate(market: market, first: bets[o], second: bets[u], firstIndex: o, secondIndex: u))
      case .spread, .moneyline:
        let keys = market.selections.map(TeamKey.init)
        let h = home.flatMap { keys.firstIndex(of: $0) }, a = away.flatMap { keys.firstIndex(of: $0) }
        if family == .moneyline, let d = names.firstIndex(of: "draw") {
          guard period != nil, names.count == 3, let h, let a else {
            out.notes.append("\(market.market): a 3-way market (with a draw) is not a two-way line; left out")
            continue
          }
          c.threeWay = (market, [bets[h], bets[a], bets[d]], [h, a, d])
        } else {
          guard names.count == 2, let h, let a else {
            out.notes.append("\(market.market): sides \(market.selections.joined(separator: ", ")) are not the home and away teams; left out")
            continue
          }
          let candidate = Candidate(market: market, first: bets[h], second: bets[a], firstIndex: h, secondIndex: a)
          if family == .spread { c.spreads.append(candidate) } else { c.moneylines.append(candidate) }
        }
      }
      if let period { periods[period] = c } else { game = c }
    }
    let (totals, spreads, moneylines) = (game.totals, game.spreads, game.moneylines)

    if let (main, source) = choose(totals), let line = main.first.line,
      let over = main.first.best, let under = main.second.best
    {
      out.markets.total = TotalsMarket(line: line, overOdds: over.price, underOdds: under.price)
      out.markets.totalSource = source
    }
    if let (main, source) = choose(spreads), let line = main.first.line,
      let h = main.first.best, let a = main.second.best
    {
      out.markets.spread = SpreadMarket(homeLine: line, homeOdds: h.price, awayOdds: a.price)
      out.markets.spreadSource = source
    }
    if let (main, source) = choose(moneylines), let h = main.first.best, let a = main.second.best {
      out.markets.moneyline = MoneylineMarket(homeOdds: h.price, awayOdds: a.price)
      out.markets.moneylineSource = source
    }
    out.periods = GamePeriod.allCases.compactMap { p in periods[p].flatMap { quote(p, $0, notes: &out.notes) } }
    return out
  }

  /// A period's quote: its main lines, each side's best price and the books' fair probabilities;
  /// nil when none of its markets has a line to price. A line out of range leaves its market out,
  /// said in `notes`.
  static func quote(_ period: GamePeriod, _ c: PeriodCandidates, notes: inout [String]) -> PeriodQuote? {
    var q = PeriodQuote(period: period)
    func fair(_ source: PriceSource, _ market: BetMarket) { q.prices.fair[market] = source.marketProbabilities }
    if let (main, source) = choose(c.totals), let line = main.first.line {
      q.totalLine = line
      (q.prices.over, q.prices.under) = (main.first.best?.price, main.second.best?.price)
      fair(source, .total)
    }
    if let (main, source) = choose(c.spreads), let line = main.first.line {
      q.spread = line
      (q.prices.homeSpread, q.prices.awaySpread) = (main.first.best?.price, main.second.best?.price)
      fair(source, .spread)
    }
    if let three = c.threeWay {
      (q.prices.home, q.prices.away, q.prices.draw) = (three.bets[0].best?.price, three.bets[1].best?.price, three.bets[2].best?.price)
      if let consensus = three.market.consensus {
        q.prices.fair[.moneyline] = PriceSource.marketProbabilities(three.indices.map { consensus[$0] }, method: three.bets[0].evMethod)
      }
    } else if let (main, source) = choose(c.moneylines) {
      (q.prices.home, q.prices.away) = (main.first.best?.price, main.second.best?.price)
      fair(source, .moneyline)
    }
    for (home, candidates) in [(true, c.homeTotals), (false, c.awayTotals)] {
      guard let (main, source) = choose(candidates), let line = main.first.line else { continue }
      let (over, under) = (main.first.best?.price, main.second.best?.price)
      if home {
        (q.homeTotal, q.prices.homeOver, q.prices.homeUnder) = (line, over, under)
      } else {
        (q.awayTotal, q.prices.awayOver, q.prices.awayUnder) = (line, over, under)
      }
      q.prices.teamFair[home ? .home : .away] = source.marketProbabilities
    }
    q = inRange(q, notes: &notes)
    return q.totalLine == nil && q.spread == nil && q.homeTotal == nil && q.awayTotal == nil && q.prices.isEmpty ? nil : q
  }

  /// The quote with each line out of range left out (its market's prices with it), each said in
  /// `notes`.
  static func inRange(_ quote: PeriodQuote, notes: inout [String]) -> PeriodQuote {
    var q = quote
    for bad in PeriodPricing.outOfRange(quote) {
      notes.append("\(q.period.rawValue) \(bad.line.rawValue) \(PlainNumber.text(bad.value)): \(bad.reason); left out")
      bad.line.remove(from: &q)
    }
    return q
  }

  enum Family {
    case total, spread, moneyline, teamTotal

    init?(_ market: String) {
      switch market.lowercased() {
      case "team_totals": self = .teamTotal
      case "totals", "total", "over/under", "ou": self = .total
      case "spreads", "spread", "point_spread", "handicap": self = .spread
      case "h2h", "h2h_3_way", "moneyline", "ml", "money_line": self = .moneyline
      default: return nil
      }
    }
  }

  /// One line of one market: its two sides (over/under, or home/away).
  struct Candidate {
    let market: MarketReport
    let first: BetReport
    let second: BetReport
    let firstIndex: Int
    let secondIndex: Int

    /// Books with a price on both sides.
    var completeBooks: Int {
      Set(first.prices.map(\.book)).intersection(second.prices.map(\.book)).count
    }

    var imbalance: Double {
      guard let a = first.medianPrice, let b = second.medianPrice else { return .infinity }
      return abs(a.impliedProbability - b.impliedProbability)
    }
  }

  /// The main line and where its prices come from.
  static func choose(_ candidates: [Candidate]) -> (Candidate, PriceSource)? {
    guard var main = candidates.first else { return nil }
    for c in candidates.dropFirst()
    where c.completeBooks > main.completeBooks || (c.completeBooks == main.completeBooks && c.imbalance < main.imbalance) {
      main = c
    }
    let consensus = main.market.consensus.map { [$0[main.firstIndex], $0[main.secondIndex]] }
    let books = Set(main.first.prices.map(\.book)).union(main.second.prices.map(\.book))
    let source = PriceSource(
      bestBooks: [main.first.best?.book ?? "", main.second.best?.book ?? ""], bookCount: books.count,
      fairProbabilities: consensus, method: main.first.evMethod,
      gate: main.first.disabledReason ?? main.second.disabledReason,
      otherLines: candidates.filter { $0.first.label != main.first.label }.compactMap(\.first.line))
    return (main, source)
  }
}
