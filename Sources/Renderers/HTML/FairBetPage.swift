import Foundation
import Plot
import ServiceContracts
import UseCases

/// `GET /fairbet`: the FairBet list as the FairBet tab shows it, from the same `FairBetResponse`
/// that `/api/fairbet/odds` answers: every bet with a fair price, best EV first, each with its
/// fair odds and probability, the books behind the consensus, the confidence tier, and every
/// book's price with its EV; the prices with positive EV stand out and are counted at the top.
/// Bets whose EV the fair-odds gates withhold are listed after, with the gate's reason.
package enum FairBetPage {
  package static func html(_ response: FairBetResponse) -> String {
    let priced = response.bets.filter(\.hasFair)
    let withheld = response.bets.filter { !$0.hasFair }
    let positive = priced.flatMap { bet in bet.books.filter { ($0.evPercent ?? 0) > 0 }.map { (bet, $0) } }
    var content: [Node<HTML.BodyContext>] = [
      .h1("FairBet"),
      BoardPage.statusLine(response.source),
      .p(
        .class("muted"),
        .text(
          "Fair prices from the devigged consensus of the sharp books (\(response.sharpBooks.joined(separator: ", "))) where they price a market, else of every book pricing it; EV of each book's price against it. \(priced.count) bets with a fair price, \(withheld.count) without."
        )),
      .p(
        .attribute(named: "id", value: "positive-count"),
        .strong(
          .text(
            positive.isEmpty
              ? "No price beats the fair odds right now." : "\(positive.count) price\(positive.count == 1 ? "" : "s") with positive EV."))),
    ]
    if !priced.isEmpty {
      content.append(table(priced))
    }
    if !withheld.isEmpty {
      content.append(.h2("No fair price"))
      content.append(
        .ul(
          .group(
            withheld.map { bet in
              .li(
                .text(
                  "\(bet.awayTeam) @ \(bet.homeTeam) · \(bet.marketDisplayName) · \(bet.selectionDisplay): \(bet.evDisabledReason ?? "no fair price")"
                ))
            })))
    }
    if response.hasMore {
      content.append(.p(.class("muted"), .text("Showing \(response.bets.count) of \(response.total) bets.")))
    }
    return PageShell.document(
      title: "mcsim · FairBet", current: "/fairbet", linesChangedAt: response.source.changedAt,
      pollSeconds: response.source.refreshSeconds, content: content)
  }

  static let columns = ["Bet", "Fair", "Best price", "EV", "Confidence", "Consensus", "Every book"]

  static func table(_ bets: [FairBetBet]) -> Node<HTML.BodyContext> {
    PageShell.table(
      caption: "Best EV first. EV in percent of the stake.", columns: columns, rows: [.tbody(.group(bets.map(row)))])
  }

  static func american(_ price: Int?) -> String {
    guard let price else { return "–" }
    return price > 0 ? "+\(price)" : "\(price)"
  }

  static func row(_ bet: FairBetBet) -> Node<HTML.TableContext> {
    let best = bet.books.first { $0.book == bet.bestBook }
    let ev = bet.bestEVPercent ?? 0
    let consensus = bet.evMethod == "sharp_consensus" ? bet.books.filter(\.isSharp).map(\.book) : bet.books.map(\.book)
    let start = Timestamp.format(bet.gameDate)
    return .tr(
      .class(ev > 0 ? "positive" : ""),
      .th(
        .attribute(named: "scope", value: "row"),
        .text(bet.selectionDisplay), .br(),
        .small(
          .text("\(bet.marketDisplayName) · \(bet.awayTeam) @ \(bet.homeTeam) · "),
          .element(named: "time", nodes: [.attribute(named: "datetime", value: PageShell.attribute(start)), .text(BoardPage.start(start))]))),
      .td(.text(american(bet.fairAmericanOdds)), .br(), .small(.text(bet.trueProb.map { Fmt.percent($0, 1) } ?? ""))),
      .td(.text(best.map { american(Int($0.price)) } ?? "–"), .br(), .small(.text(bet.bestBookName ?? ""))),
      .td(.class("num \(ev > 0 ? "pos" : "neg")"), .text(bet.bestEVPercent.map { String(format: "%+.2f%%", $0) } ?? "–")),
      .td(.text(bet.evConfidenceTier ?? bet.sharpConfidence)),
      .td(
        .class("wrap"),
        .small(.text(bet.evMethod == "sharp_consensus" ? "sharp: " + consensus.joined(separator: ", ") : "market: \(consensus.count) books"))),
      .td(
        .details(
          .summary(.text("\(bet.books.count) books")),
          .ul(
            .class("books"),
            .group(
              bet.books.map { b in
                .li(
                  .class((b.evPercent ?? 0) > 0 ? "pos" : ""),
                  .text(
                    "\(b.book) \(american(Int(b.price))) · EV \(b.evPercent.map { String(format: "%+.2f%%", $0) } ?? "–")\(b.isSharp ? " · sharp" : "")\(b.isStale ? " · stale" : "")"
                  ))
              }))))
    )
  }
}
