import Foundation
import Plot

/// The frame every page of the board shares: the document head (a phone's viewport, the one
/// style sheet, inline: no CDN, font or script from elsewhere), the navigation, and the small
/// script that reloads a page when the live lines have changed. The pages work without
/// it: a reader without JavaScript reloads by hand.
package enum PageShell {
  /// A whole HTML document: `title`, then `content` in `<main>`. `linesChangedAt` (the live
  /// source's `changed_at`), when given, arms the reload: the script asks `/health` every
  /// `pollSeconds` (at most 15) and reloads once the lines have changed since the page.
  static func document(
    title: String, current: String, linesChangedAt: String?, pollSeconds: Double = 15, content: [Node<HTML.BodyContext>]
  ) -> String {
    var body: [Node<HTML.BodyContext>] = [
      .header(
        .nav(
          .attribute(named: "aria-label", value: "pages"),
          .group(
            links.map { path, name in
              path == current
                ? .a(.href(path), .attribute(named: "aria-current", value: "page"), .text(name))
                : .a(.href(path), .text(name))
            })
        )
      ),
      .main(.group(content)),
    ]
    if let linesChangedAt {
      body.append(.script(.raw(reloadScript(changedAt: linesChangedAt, every: pollSeconds))))
    }
    let html = HTML(
      .lang(.english),
      .head(
        .meta(.charset(.utf8)),
        .meta(.name("viewport"), .content("width=device-width, initial-scale=1")),
        .element(named: "title", nodes: [.text(title)]),
        .style(styleSheet)
      ),
      .body(.group(body))
    )
    return html.render()
  }

  static let links: [(String, String)] = [("/", "Tonight"), ("/fairbet", "FairBet")]

  /// An attribute value escaped for HTML (`SVG.escape`: attributes are double-quoted): Plot
  /// writes attribute values as given (it escapes text only), and a feed's ids, names and times
  /// reach `href`, `id` and `datetime`.
  static func attribute(_ value: String) -> String { SVG.escape(value) }

  /// A table's head row: one column header for each name.
  static func head(_ columns: [String]) -> Node<HTML.TableContext> {
    .thead(.tr(.group(columns.map { .th(.attribute(named: "scope", value: "col"), .text($0)) })))
  }

  /// A table that scrolls sideways on a narrow screen: its caption, its columns, its rows.
  /// `kind`: the table's classes, for its layout on a phone (`reflow`: rows of labelled cells,
  /// each row a block, its row header, `wrap` and spanning cells on a line of their own; `board reflow`:
  /// the board's bets, with its games' heads whole; none: it scrolls sideways).
  static func table(
    id: String? = nil, kind: String? = nil, caption: String, columns: [String], rows: [Node<HTML.TableContext>]
  ) -> Node<HTML.BodyContext> {
    .div(
      .class("scroll"),
      .table(
        .if(id != nil, .attribute(named: "id", value: id ?? "")), .if(kind != nil, .class(kind ?? "")), .caption(.text(caption)),
        head(columns), .group(rows)))
  }

  /// A cell labelled with its column's name for the phone's layout (a `board` or `reflow` table).
  static func cell(_ label: String, class name: String? = nil, _ nodes: [Node<HTML.BodyContext>]) -> Node<HTML.TableRowContext> {
    .td(.if(name != nil, .class(name ?? "")), .attribute(named: "data-label", value: label), .group(nodes))
  }

  static func cell(_ label: String, class name: String? = nil, _ text: String) -> Node<HTML.TableRowContext> {
    cell(label, class: name, [.text(text)])
  }

  /// A link to a path with one segment taken from data (a game's id), percent-encoded.
  static func path(_ prefix: String, _ segment: String) -> String {
    prefix + (segment.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? "")
  }

  /// Reloads when `/api/health`'s live `changed_at` differs from the page's (the lines moved;
  /// a refresh that read the same bytes does not reload), asking every `every` seconds (at
  /// least 1, at most 15). The browser sends the page's credentials with it, so it passes the
  /// same key.
  static func reloadScript(changedAt: String, every: Double) -> String {
    let shown = changedAt.filter { $0.isLetter || $0.isNumber || "-:.+".contains($0) }
    let ms = Int(1000 * min(15, max(1, every)))
    return """
      (function(){var shown="\(shown)";setInterval(function(){fetch("/api/health",{cache:"no-store"})\
      .then(function(r){return r.json()}).then(function(h){var s=h.live&&h.live.changed_at;\
      if(s&&s!==shown){location.reload()}}).catch(function(){})},\(ms))})();
      """
  }

  /// The text colours of the pages, chosen for contrast: each at least 4.5:1 (WCAG AA for body
  /// text) on every background of `backgrounds` (a test computes them).
  package static let colours: [String: String] = [
    "text": "#1a1a1a", "muted": "#595959", "good": "#0a6b2d", "bad": "#a4161a", "withheld": "#7a4b00", "link": "#0b57d0",
  ]

  /// The backgrounds text is set on: the page, the navigation bar, table heads, a game's header
  /// row, a +EV row.
  package static let backgrounds: [String: String] = [
    "page": "#ffffff", "header": "#f2f4f7", "thead": "#f8f9fb", "game": "#eef1f5", "positive": "#eefaf1",
  ]

  static let styleSheet = """
    :root{color-scheme:light}
    body{font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:\(colours["text"]!);background:\(backgrounds["page"]!)}
    header{background:\(backgrounds["header"]!);border-bottom:1px solid #d0d5dd;padding:.5rem 1rem}
    nav a{margin-right:1rem;color:\(colours["link"]!);text-decoration:none;font-weight:600}
    nav a[aria-current=page]{color:\(colours["text"]!);text-decoration:underline}
    main{padding:.75rem 1rem;max-width:80rem}
    h1{font-size:1.3rem;margin:.25rem 0 .5rem}
    h2{font-size:1.1rem;margin:1.25rem 0 .25rem}
    a{color:\(colours["link"]!)}
    .status{margin:.25rem 0 .75rem;color:\(colours["muted"]!)}
    .status strong.healthy{color:\(colours["good"]!)}
    .status strong.degraded{color:\(colours["bad"]!)}
    .scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}
    table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
    caption{text-align:left;color:\(colours["muted"]!);padding:.25rem 0}
    th,td{padding:.3rem .5rem;border-bottom:1px solid #e4e7ec;text-align:left;vertical-align:top;white-space:nowrap}
    thead th{background:\(backgrounds["thead"]!);position:sticky;top:0}
    tr.game-head th{background:\(backgrounds["game"]!);white-space:normal;font-weight:600;padding-top:.6rem}
    tr.game-head small{font-weight:400}
    tr.game-head strong.live{color:\(colours["bad"]!)}
    td.advice{white-space:normal;min-width:8rem}
    td.num{text-align:right}
    .pos{color:\(colours["good"]!);font-weight:600}
    .neg{color:\(colours["bad"]!)}
    .withheld{color:\(colours["withheld"]!)}
    .muted,small{color:\(colours["muted"]!)}
    .verdict{font-weight:600}
    tr.positive{background:\(backgrounds["positive"]!)}
    td.wrap{white-space:normal;min-width:8rem}
    tbody th[scope=row]{white-space:normal;min-width:8rem;max-width:18rem}
    tbody th[scope=row] small{font-weight:400}
    ul.books{margin:.25rem 0;padding-left:1rem}
    details summary{cursor:pointer;color:\(colours["link"]!)}
    fieldset{border:1px solid #d0d5dd;padding:.5rem}
    label.leg{display:block;padding:.2rem 0}
    button{margin:.5rem 0;padding:.4rem .8rem;font:inherit}
    figure{margin:.5rem 0}
    figure svg{max-width:100%;height:auto}
    figure.chart{overflow-x:auto;-webkit-overflow-scrolling:touch}
    @media (max-width:40rem){body{font-size:13px}main{padding:.5rem}th,td{padding:.25rem .3rem}td{white-space:normal}.american{display:none}td.advice{min-width:6rem}}
    @media (max-width:40rem){table.reflow thead{display:none}table.reflow tbody tr:not(.game-head){display:grid;grid-template-columns:1fr 1fr;border-bottom:1px solid #d0d5dd;padding:.2rem 0}table.reflow tbody tr:not(.game-head)>*{display:block;border:0;text-align:left;min-width:0;max-width:none}table.reflow td::before{content:attr(data-label) " ";color:\(colours["muted"]!);font-size:.85em}table.reflow tbody th,table.reflow td.wrap,table.reflow td[colspan]{grid-column:1 / -1}}
    @media (max-width:40rem){table.board td.bet,table.board td.advice{grid-column:1 / -1}table.board td.bet::before{content:""}table.board tr.game-head,table.board tr.game-head th{display:block}}
    @media (max-width:40rem){figure.chart svg{width:\(Int(GameChart.width))px;max-width:none}}
    """
}
