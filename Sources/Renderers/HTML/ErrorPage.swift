import Plot

/// A page's refusal as a page (a game that is not tonight's, a bad `?sort=`, no lines read yet):
/// the status, what went wrong in the server's words, and the way back to the board. The API's
/// routes answer the same refusals as JSON.
package enum ErrorPage {
  package static func html(status: Int, reason: String, message: String) -> String {
    PageShell.document(
      title: "mcsim · \(status) \(reason)", current: "", linesChangedAt: nil,
      content: [
        .h1(.text("\(status) \(reason)")),
        .p(.text(message)),
        .p(.a(.href("/"), .text("Tonight's board")), .text(" · "), .a(.href("/fairbet"), .text("FairBet"))),
      ])
  }
}
