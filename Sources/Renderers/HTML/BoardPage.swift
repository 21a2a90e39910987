import Foundation
import OddsMath
import Plot
import UseCases
import ServiceContracts
import Simulation

/// `GET /`: tonight's games as the live snapshot priced them (the same `SlateResponse` that
/// `/api/tonight/totals` answers), one table: for each game its start, teams and projections,
/// then one row a side of each market (total, spread, moneyline) with the best price and its
/// book, the model's probability beside the market's devigged one, the EV, and the advice
/// policy's verdict with the slate's stake on it (after joint Kelly and the exposure cap, as
/// `stakes` of the JSON), or why the policy withholds the bet (its EV muted, the reason first: a
/// withheld bet must not look like the best one). Nothing is computed here but the order of the
/// games.
package enum BoardPage {
  /// The games' order: by start time (the feed's), or by each game's best advised EV, highest
  /// first (games the policy advises nothing on after them, in feed order).
  package enum Order: String, Sendable, CaseIterable {
    case start, ev
  }

  package static func html(_ slate: SlateResponse, source: SourceStatus, order: Order) -> String {
    let games = ordered(slate.games.filter { !$0.failed }, by: order)
    let failed = slate.games.filter(\.failed)
    let (policy, bankroll) = (slate.methodology.advice.policy, slate.bankroll)
    var content: [Node<HTML.BodyContext>] = [
      .h1("Tonight"),
      statusLine(source),
      .p(
        .class("muted"),
        .text(
          "Projections: \(slate.inputs.stats ?? "as given") · \(Fmt.counted(slate.nSimsPerGame, "simulation")) a game, seed \(slate.seed) · stakes as a share of bankroll\(bankroll == 1 ? "" : " = money of \(Fmt.fixed(bankroll, 2))"), bets on one game staked jointly: \(Fmt.stake(slate.totalExposureFraction, bankroll: bankroll)) tonight in all (cap \(Fmt.percent(policy.maxExposure, 0))\(slate.exposureScaled ? ", stakes scaled down to it" : ""))"
        )),
      .p(
        .class("muted"),
        .text(
          "Model: \(slate.provenance?.model ?? "the server's")\(slate.provenance?.notes.isEmpty == false ? " · " + slate.provenance!.notes.joined(separator: " · ") : "")"
        )),
    ]
    if games.isEmpty {
      content.append(.p("No game of the feed could be priced tonight."))
    } else {
      content.append(.div(.class("scroll"), table(games, order: order, bankroll: bankroll)))
    }
    if !failed.isEmpty {
      content.append(.h2("Not priced"))
      content.append(.ul(.group(failed.map { g in .li(.text("\(teams(g)): \(g.error ?? "")")) })))
    }
    if !slate.unmatched.isEmpty {
      content.append(.p(.class("muted"), .text("\(slate.unmatched.count) game(s) of the feed found no place on tonight's slate.")))
    }
    return PageShell.document(
      title: "mcsim · tonight", current: "/", linesChangedAt: source.changedAt, pollSeconds: source.refreshSeconds, content: content)
  }

  static func ordered(_ games: [SlateGameResult], by order: Order) -> [SlateGameResult] {
    switch order {
    case .start:
      return games.enumerated().sorted {
        ($0.element.info.startTime ?? "", $0.offset) < ($1.element.info.startTime ?? "", $1.offset)
      }.map(\.element)
    case .ev:
      return games.enumerated().sorted {
        let (a, b) = (advisedEV($0.element) ?? -.infinity, advisedEV($1.element) ?? -.infinity)
        return a != b ? a > b : $0.offset < $1.offset
      }.map(\.element)
    }
  }

  /// The highest EV among the bets the policy advises on a game; nil when it advises none.
  static func advisedEV(_ g: SlateGameResult) -> Double? {
    sides(g).filter(\.advice.recommended).map(\.advice.ev).max()
  }

  static func statusLine(_ s: SourceStatus) -> Node<HTML.BodyContext> {
    var parts: [Node<HTML.BodyContext>] = [
      .text("Lines "), .strong(.class(s.status), .text(s.status)),
    ]
    if let age = s.ageSeconds {
      parts.append(.text(" · read \(Self.age(age)) ago"))
    }
    if let at = s.updatedAt { parts.append(.text(" (\(at))")) }
    parts.append(.text(" · refreshed every \(Self.age(s.refreshSeconds))"))
    if let e = s.lastError { parts.append(.text(" · last refresh failed: \(e)")) }
    if let w = s.warning { parts.append(.text(" · \(w)")) }
    return .p(.class("status"), .attribute(named: "id", value: "status"), .group(parts))
  }

  static func age(_ seconds: Double) -> String {
    seconds < 90 ? "\(Int(seconds.rounded())) s" : seconds < 5400 ? "\(Int((seconds / 60).rounded())) min" : String(format: "%.1f h", seconds / 3600)
  }

  static func table(_ games: [SlateGameResult], order: Order, bankroll: Double) -> Node<HTML.BodyContext> {
    let evHeader: Node<HTML.BodyContext> =
      order == .ev
      ? .text("EV ↓")
      : .a(.href("/?sort=ev"), .attribute(named: "title", value: "sort the games by the best EV the policy advises"), .text("EV"))
    return .table(
      .class("board reflow"),
      .caption(
        .text(order == .ev ? "Games by the best EV the policy advises, highest first; games with no advised bet last. " : "Games by start time. "),
        order == .ev ? .a(.href("/"), .text("By start time")) : .text("")),
      .thead(
        .tr(
          .group(
            columns.map { name in
              .th(.attribute(named: "scope", value: "col"), name == "EV" ? evHeader : .text(name))
            }))
      ),
      .group(games.map { gameRows($0, bankroll: bankroll) })
    )
  }

  static let columns = ["Bet", "Best price", "Model", "Market", "EV", "Advice"]

  static func teams(_ g: SlateGameResult) -> String {
    let away = g.info.awayTeam ?? g.awayAbbr ?? "away", home = g.info.homeTeam ?? g.homeAbbr ?? "home"
    return "\(away) at \(home)"
  }

  /// One side of one market, as a row: its advice, and the slate's stake on it when it is
  /// staked.
  struct Side {
    let bet: String
    let book: String?
    let advice: SideAdvice
    let stake: BetStake?
  }

  static func sides(_ g: SlateGameResult) -> [Side] {
    var rows: [Side] = []
    if let a = g.totalsAdvice, let line = g.line, a.sides.count == 2 {
      let books = g.totalSource?.bestBooks ?? []
      rows.append(Side(bet: "Over \(Fmt.line(line))", book: books.first, advice: a.sides[0], stake: g.stake(on: .total, side: .over)))
      rows.append(
        Side(bet: "Under \(Fmt.line(line))", book: books.count > 1 ? books[1] : nil, advice: a.sides[1], stake: g.stake(on: .total, side: .under)))
    }
    for m in [g.spread, g.moneyline].compactMap({ $0 }) where m.advice.sides.count == 2 {
      let books = m.source?.bestBooks ?? []
      let home = g.homeAbbr ?? "home", away = g.awayAbbr ?? "away"
      let (h, a): (String, String)
      if m.kind == .spread, let l = m.homeLine {
        (h, a) = ("\(home) \(Fmt.signedLine(l))", "\(away) \(Fmt.signedLine(-l))")
      } else {
        (h, a) = ("\(home) to win", "\(away) to win")
      }
      rows.append(Side(bet: h, book: books.first, advice: m.advice.sides[0], stake: g.stake(on: m.kind.market, side: .home)))
      rows.append(Side(bet: a, book: books.count > 1 ? books[1] : nil, advice: m.advice.sides[1], stake: g.stake(on: m.kind.market, side: .away)))
    }
    return rows
  }

  /// A game's rows: a header row (teams, start, projections; a link to the game's page), then
  /// one row a side of each market. The header is a row of its own, not a column, so that on a
  /// phone's width the numbers stay on screen.
  static func gameRows(_ g: SlateGameResult, bankroll: Double) -> Node<HTML.TableContext> {
    let rows = sides(g)
    var header: [Node<HTML.BodyContext>] = [.a(.href(PageShell.attribute(PageShell.path("/game/", g.gameID))), .text(teams(g)))]
    if let start = g.info.startTime {
      header += [
        .text(" · "),
        .element(named: "time", nodes: [.attribute(named: "datetime", value: PageShell.attribute(start)), .text(Self.start(start))]),
      ]
    }
    let away = g.awayAbbr ?? "away", home = g.homeAbbr ?? "home"
    if let live = g.inPlay {
      // Under way: the score and clock it was priced from, and the final it projects; the rows
      // below are its in-play probabilities.
      let s = live.state
      header.append(
        .strong(.class("live"), .text(" · live \(away) \(s.awayScore), \(home) \(s.homeScore), \(s.periodLabel) \(s.clock)")))
      let finalAway = Double(s.awayScore) + live.remainingAway, finalHome = Double(s.homeScore) + live.remainingHome
      header.append(
        .small(
          .text(
            " · final projected \(away) \(Fmt.fixed(finalAway, 1)), \(home) \(Fmt.fixed(finalHome, 1)) (\(Fmt.fixed(live.remainingTotal, 1)) points to come)"
          )))
    } else if let h = g.homeProjection, let a = g.awayProjection {
      header.append(.small(.text(" · projected \(away) \(Fmt.fixed(a, 1)), \(home) \(Fmt.fixed(h, 1))")))
    }
    let headerRow: Node<HTML.TableContext> = .tr(
      .class("game-head"),
      .th(.attribute(named: "scope", value: "rowgroup"), .attribute(named: "colspan", value: "\(columns.count)"), .group(header)))
    return .tbody(
      .class("game"), .id(PageShell.attribute("game-\(g.gameID)")), headerRow,
      .if(rows.isEmpty, .tr(.td(.attribute(named: "colspan", value: "\(columns.count)"), .class("muted"), .text(g.error ?? "no line priced")))),
      .group(rows.map { .tr(.class("bet"), .group(cells($0, bankroll: bankroll))) })
    )
  }

  /// A feed's start time (ISO 8601) as `Tue 31 Mar 23:10 UTC`; as given when it does not parse.
  static func start(_ iso: String) -> String {
    guard let date = ISO8601DateFormatter().date(from: iso) else { return iso }
    let f = DateFormatter()
    f.locale = Locale(identifier: "en_US_POSIX")
    f.timeZone = TimeZone(identifier: "UTC")
    f.dateFormat = "EEE d MMM HH:mm 'UTC'"
    return f.string(from: date)
  }

  /// Why the policy withholds a bet, in a bettor's words.
  static func reason(_ r: WithheldReason) -> String {
    switch r {
    case .tooFewSimulations: "too few simulations to be sure of the EV"
    case .evIntervalIncludesZero: "the EV's 95% interval reaches 0"
    case .modelMarketDisagree: "the model and the market disagree too much"
    case .belowMinEV: "EV under the policy's minimum"
    case .belowMinEdge: "edge under the policy's minimum"
    case .sameSelectionStaked: "the same selection is staked at a better price or line"
    }
  }

  static func cells(_ s: Side, bankroll: Double) -> [Node<HTML.TableRowContext>] {
    let a = s.advice
    let market = a.market.map { Fmt.percent($0.probability, 1) } ?? "–"
    var model = Fmt.percent(a.model.win, 1)
    if let w = a.poolWeight { model += " (pooled \(Fmt.percent(a.probabilities.win, 1)), weight \(Fmt.fixed(w, 2)))" }
    let advice: Node<HTML.BodyContext>
    if a.recommended, let stake = s.stake {
      // The slate's stake (joint Kelly, the cap), never the bet's single stake in its place;
      // the single stake in the title when the two differ.
      let title =
        abs(stake.fraction - stake.singleFraction) < 0.00005
        ? "" : "alone \(Fmt.percent(stake.singleFraction, 2)); after joint Kelly and the exposure cap"
      advice = .group([
        .span(.class("verdict pos"), .text(a.grade.rawValue)), .text(" · stake "),
        .span(
          .class("stake"), .if(!title.isEmpty, .attribute(named: "title", value: title)),
          .text(Fmt.stake(stake.fraction, bankroll: bankroll))),
      ])
    } else if a.recommended {
      advice = .group([.span(.class("verdict pos"), .text(a.grade.rawValue)), .text(" · " + AdviceText.unstaked)])
    } else if a.grade != .noBet {
      // The reason first, the grade it would have had after: a withheld bet is no bet.
      advice = .span(
        .class("withheld"), .text("withheld: " + a.withheld.map(Self.reason).joined(separator: "; ") + " (\(a.grade.rawValue) by EV)"))
    } else {
      advice = .span(.class("muted"), .text("no bet"))
    }
    // Only an advised bet's EV is coloured as a gain; a withheld or unadvised one is grey.
    let evClass = a.recommended ? "pos" : a.ev > 0 ? "muted" : "neg"
    func cell(_ column: Int, _ nodes: Node<HTML.BodyContext>..., class name: String) -> Node<HTML.TableRowContext> {
      PageShell.cell(columns[column], class: name, nodes)
    }
    return [
      cell(0, .text(s.bet), class: "bet"),
      cell(
        1, .text(String(format: "%.3f", a.odds.decimal)), .span(.class("american"), .text(String(format: " (%+.0f)", a.odds.american))),
        .if(s.book != nil, .group([.br(), .small(.text(s.book ?? ""))])), class: "price"),
      cell(2, .text(model), class: "num"),
      cell(3, .text(market), class: "num"),
      cell(4, .text(Fmt.signedPercent(a.ev, 1)), class: "num \(evClass)"),
      cell(5, advice, class: "advice"),
    ]
  }
}
