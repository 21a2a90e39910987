/// `GET /api/tonight/totals`: the agent's slate response with the live source's state beside it
/// (`source`), so a client sees how old the lines are and why a refresh failed.
package struct TonightResponse: Encodable, Sendable {
  package let response: SlateResponse
  package let source: SourceStatus

  package init(response: SlateResponse, source: SourceStatus) {
    self.response = response
    self.source = source
  }

  package func encode(to encoder: any Encoder) throws {
    try AddedKey.encode(response, adding: "source", source, to: encoder)
  }
}
