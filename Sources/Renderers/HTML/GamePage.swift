import Foundation
import OddsMath
import Plot
import Simulation
import ServiceContracts
import UseCases

/// `GET /game/{id}`: one game of tonight. Its markets as the board shows them (the slate's
/// pricing), then what the game's own pricing at `GameDetail.simulations` adds: the picture of
/// its total and margin distributions with the exact curve and the joint heat map (`GameChart`),
/// the scenarios (the total's probabilities under moved assumptions) and the sensitivity (how
/// far P(under) moves per point and per sd of each input, and whether that is beyond noise).
package enum GamePage {
  /// The parlay builder's state: the game's bets with a fair price (the legs to choose from), the
  /// legs chosen (form values, `FairBetParlayRequest.Leg.formValue`), and their price or why
  /// they could not be priced.
  package struct Parlay: Sendable {
    package var bets: [FairBetBet]
    package var chosen: Set<String> = []
    package var price: FairBetParlayResponse?
    package var problems: [String] = []

    package init(bets: [FairBetBet]) { self.bets = bets }
  }

  /// The game's own pricing with its picture drawn: most of a page's rendering (the joint heat
  /// map alone is thousands of cells), done once and kept by the server with the pricing.
  package struct Detail: Sendable {
    package let priced: PricedGame
    /// The inline SVG of `GameChart`, when the pricing has its distributions.
    let picture: String?

    package init(_ priced: PricedGame) {
      self.priced = priced
      picture = priced.pictures.map { inline(GameChart(priced.report, $0).render()) }
    }
  }

  /// `note`: why the detail is missing when the game has one (a busy server, a ceiling);
  /// `bankroll`: the slate's, for its stakes in money.
  package static func html(
    _ game: SlateGameResult, bankroll: Double, detail: Detail?, note: String? = nil, parlay: Parlay, source: SourceStatus
  ) -> String {
    var content: [Node<HTML.BodyContext>] = [
      .h1(.text(BoardPage.teams(game))),
      BoardPage.statusLine(source),
      PageShell.table(
        kind: "board reflow", caption: "The slate's pricing of this game (as on the board).", columns: BoardPage.columns,
        rows: [BoardPage.gameRows(game, bankroll: bankroll)]),
    ]
    if !game.warnings.isEmpty {
      content.append(.ul(.class("muted"), .group(game.warnings.map { .li(.text($0)) })))
    }
    content += builder(parlay, game: game)
    content += periods(game)
    guard let detail else {
      content.append(.p(.text(note ?? "No totals line or model for this game: nothing more to show.")))
      return PageShell.document(
        title: "mcsim · \(BoardPage.teams(game))", current: "", linesChangedAt: source.changedAt,
        pollSeconds: source.refreshSeconds, content: content)
    }
    let report = detail.priced.report
    content.append(.h2("Distributions"))
    if let picture = detail.picture {
      content.append(
        .element(
          named: "figure",
          nodes: [
            .attribute(named: "id", value: "picture"), .class("chart"),
            .raw(picture),
            .element(
              named: "figcaption",
              nodes: [
                .small(
                  .text(
                    "Totals and margins of \(Fmt.count(report.simulation.inputs.nSims)) simulated games, the exact distribution's curve over them, and the joint heat map of the scores."
                  ))
              ]),
          ]))
    }
    if let scenarios = report.scenarios {
      content.append(.h2("Scenarios"))
      let columns = ["Scenario", "What moved", "P(over)", "P(under)", "Mean total", "Sd"]
      content.append(
        PageShell.table(
          id: "scenarios", kind: "reflow", caption: "The total's line under moved assumptions (each at half the simulations).",
          columns: columns,
          rows: [
            .tbody(
              .group(
                scenarios.entries.map { e in
                  .tr(
                    .th(.attribute(named: "scope", value: "row"), .text(e.variant.name)),
                    PageShell.cell(columns[1], class: "wrap", e.definition(from: scenarios.base)),
                    PageShell.cell(columns[2], class: "num", Fmt.percent(e.pOver, 1)),
                    PageShell.cell(columns[3], class: "num", Fmt.percent(e.pUnder, 1)),
                    PageShell.cell(columns[4], class: "num", Fmt.fixed(e.meanTotal, 1)),
                    PageShell.cell(columns[5], class: "num", Fmt.fixed(e.stdTotal, 1)))
                }))
          ]))
      content.append(
        .p(
          .class("muted"),
          .text(
            "P(under) ranges over \(Fmt.percent(scenarios.summary.pUnderMin, 1))–\(Fmt.percent(scenarios.summary.pUnderMax, 1)) across the scenarios."
          )))
    }
    if let sensitivity = report.sensitivity {
      content.append(.h2("Sensitivity"))
      let columns = ["Input", "P(under) low → high", "Per point", "Per sd", "Beyond noise", "Meaning"]
      content.append(
        PageShell.table(
          id: "sensitivity", kind: "reflow", caption: "How far P(under) moves with each input; dominant: \(sensitivity.ranking.dominant.name).",
          columns: columns,
          rows: [
            .tbody(
              .group(
                sensitivity.parameters.map { p in
                  .tr(
                    .th(.attribute(named: "scope", value: "row"), .text(p.input.name), .br(), .small(.text(p.description))),
                    PageShell.cell(columns[1], class: "num", "\(Fmt.percent(p.pUnderLow, 1)) → \(Fmt.percent(p.pUnderHigh, 1))"),
                    PageShell.cell(columns[2], class: "num", p.sensitivityPerPoint.map { Fmt.signedPercent($0, 2) } ?? "–"),
                    PageShell.cell(columns[3], class: "num", p.sensitivityPerStd.map { Fmt.signedPercent($0, 2) } ?? "–"),
                    PageShell.cell(columns[4], p.significant ? "yes" : "no"),
                    PageShell.cell(columns[5], class: "wrap", p.interpretation))
                }))
          ]))
    }
    return PageShell.document(
      title: "mcsim · \(BoardPage.teams(game))", current: "", linesChangedAt: source.changedAt, pollSeconds: source.refreshSeconds,
      content: content)
  }

  /// The game's periods as the slate priced them (a feed's period markets, a slate file's
  /// `period_lines`): each one's means, the probabilities of its lines, its moneyline and each
  /// team's total, and the advice on each priced side; nothing when the game has none.
  static func periods(_ game: SlateGameResult) -> [Node<HTML.BodyContext>] {
    guard !game.periods.isEmpty else { return [] }
    let columns = ["Period", "Mean", "Total", "Spread", "Moneyline", "Team totals", "Advice"]
    let home = game.homeAbbr ?? "home", away = game.awayAbbr ?? "away"
    let rows: [Node<HTML.TableContext>] = game.periods.map { p in
      let s = p.scores, ml = s.moneyline
      let total = p.totalLine.map { "\(Fmt.line($0)): over \(Fmt.percent(s.total($0).over, 1))" } ?? "–"
      let spread = p.spread.map { "\(home) \(Fmt.signedLine($0)): covers \(Fmt.percent(s.homeSpread($0).cover, 1))" } ?? "–"
      let teams = [true, false].compactMap { isHome in
        p.teamTotal(home: isHome).map { "\(isHome ? home : away) \(Fmt.line($0)): over \(Fmt.percent(s.teamTotal(home: isHome, $0).over, 1))" }
      }
      // Each advised side with the slate's stake on it, as `stakes` of the JSON.
      let advised = p.advice.markets.flatMap { market, team, advice in
        (advice?.sides ?? []).map { a in
          let staked: BetStake? = game.stake(on: market, side: a.side, period: p.period, team: team)
          return (team.map { $0 == .home ? "\(home) " : "\(away) " } ?? "") + AdviceText.side(a, slate: .some(staked))
        }
      }
      return .tr(
        .th(.attribute(named: "scope", value: "row"), .text(PeriodMarketKey.title(p.period))),
        PageShell.cell(columns[1], class: "num", "\(home) \(Fmt.fixed(s.homeMean, 1)) · \(away) \(Fmt.fixed(s.awayMean, 1))"),
        PageShell.cell(columns[2], class: "num", "\(Fmt.fixed(s.meanTotal, 1)) ± \(Fmt.fixed(s.totalSD, 1)); \(total)"),
        PageShell.cell(columns[3], spread),
        PageShell.cell(
          columns[4], "\(home) \(Fmt.percent(ml.home, 1)) · \(away) \(Fmt.percent(ml.away, 1)) · level \(Fmt.percent(ml.tie, 1))"),
        PageShell.cell(columns[5], teams.isEmpty ? "–" : teams.joined(separator: " · ")),
        PageShell.cell(columns[6], class: "wrap", advised.isEmpty ? "no price" : advised.joined(separator: "; ")))
    }
    return [
      .h2("Periods"),
      PageShell.table(
        id: "periods", kind: "reflow", caption: "The game's halves and quarters on the quarter model (exact normal probabilities on whole points).",
        columns: columns, rows: [.tbody(.group(rows))]),
    ]
  }

  /// The parlay builder: a form of the game's bets (works without JavaScript: it reloads the
  /// page with the legs chosen), then the parlay's fair probability with the same-game
  /// correlation of the game model, the product of its legs' probabilities, the lift of one over
  /// the other, and the fair odds.
  static func builder(_ parlay: Parlay, game: SlateGameResult) -> [Node<HTML.BodyContext>] {
    guard !parlay.bets.isEmpty else { return [] }
    var out: [Node<HTML.BodyContext>] = [
      .h2(.attribute(named: "id", value: "parlay"), .text("Parlay builder")),
      .form(
        .action(PageShell.attribute(PageShell.path("/game/", game.gameID)) + "#parlay"), .method(.get),
        .element(
          named: "fieldset",
          nodes: [
            .element(named: "legend", nodes: [.text("Pick 2 or more legs (one side of a market each)")]),
            .group(
              parlay.bets.map { bet in
                let value = FairBetParlayRequest.Leg.formValue(of: bet)
                return .element(
                  named: "label",
                  nodes: [
                    .class("leg"),
                    .input(
                      .type(.checkbox), .name("leg"), .value(PageShell.attribute(value)),
                      .checked(parlay.chosen.contains(value))),
                    .text(" \(bet.selectionDisplay) "),
                    .small(.text("\(bet.marketDisplayName) · fair \(bet.trueProb.map { Fmt.percent($0, 1) } ?? "–")")),
                  ])
              }),
          ]),
        .button(.type(.submit), .text("Price the parlay"))
      ),
    ]
    if !parlay.problems.isEmpty {
      out.append(.ul(.class("withheld"), .attribute(named: "id", value: "parlay-problems"), .group(parlay.problems.map { .li(.text($0)) })))
    }
    if let p = parlay.price {
      out.append(
        .table(
          .attribute(named: "id", value: "parlay-price"),
          .caption(.text("\(Fmt.counted(p.legCount, "leg")), priced together (confidence: \(p.confidence))")),
          .tbody(
            .tr(
              .th(.attribute(named: "scope", value: "row"), .text("Joint probability")), .td(.class("num"), .text(Fmt.percent(p.fairProbability, 2)))),
            .tr(
              .th(.attribute(named: "scope", value: "row"), .text("If the legs were independent")),
              .td(.class("num"), .text(Fmt.percent(p.independentProbability, 2)))),
            .tr(
              .th(.attribute(named: "scope", value: "row"), .text("Lift over independence")),
              .td(.class("num"), .text(String(format: "%.3fx", p.correlationLift)))),
            .tr(
              .th(.attribute(named: "scope", value: "row"), .text("Fair odds")),
              .td(
                .class("num"), .text("\(p.fairAmericanOdds > 0 ? "+" : "")\(p.fairAmericanOdds) (\(String(format: "%.3f", 1 / p.fairProbability)))")))
          )))
      out.append(.ul(.group(p.legs.map { .li(.text("\($0.bet): \(Fmt.percent($0.fairProbability, 1)) (\($0.pricedBy))")) })))
    }
    return out
  }

  /// An SVG document as an element of the page: its XML declaration left out.
  static func inline(_ svg: String) -> String {
    guard let start = svg.range(of: "<svg") else { return svg }
    return String(svg[start.lowerBound...])
  }
}
