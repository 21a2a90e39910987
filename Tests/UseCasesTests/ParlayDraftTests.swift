import Simulation
import UseCases
import XCTest

/// A parlay file's draft built by the one order of precedence (the base model, the file's fields,
/// the options given), its legs put on their games, each refusal naming the file's field.
final class ParlayDraftTests: XCTestCase {
  let base = GameModel(homeMean: 0, awayMean: 0, homeSD: 12, awaySD: 12)

  func testTheFilesFieldsSitOverTheBaseAndTheOptionsOverThem() throws {
    let draft = ParlayDraft(
      games: [ParlayDraft.Game(id: "a", home: 115, away: 112, settings: [.homeSD(11)]), ParlayDraft.Game(id: "b", home: 108, away: 104)],
      legs: [.init(game: "a", leg: "over:225.5"), .init(game: "b", leg: "home-ml")])
    let plain = try draft.parlay(base: base)
    XCTAssertEqual(plain.games.map(\.homeSD), [11, 12], "the file's sd over the base's")
    XCTAssertEqual(plain.legs.map(\.game), [0, 1])
    let optioned = try draft.parlay(base: base, options: [.homeSD(9)])
    XCTAssertEqual(optioned.games.map(\.homeSD), [9, 9], "the option over the file's")
  }

  func testRefusalsNameTheFilesField() {
    func refusal(_ draft: ParlayDraft) -> String? {
      do {
        _ = try draft.parlay(base: base)
        return nil
      } catch {
        guard case .invalid(let field, _, _) = error else { return "\(error)" }
        return field
      }
    }
    let two = [ParlayDraft.Game(id: "a", home: 115, away: 112), ParlayDraft.Game(id: "b", home: 108, away: 104)]
    XCTAssertEqual(refusal(ParlayDraft(games: two, legs: [.init(leg: "over:225.5")])), "legs[0].game")
    XCTAssertEqual(refusal(ParlayDraft(games: two, legs: [.init(game: "c", leg: "over:225.5")])), "legs[0].game")
    XCTAssertEqual(refusal(ParlayDraft(games: [two[0], two[0]], legs: [.init(game: "a", leg: "over:225.5")])), "games[1].id")
    XCTAssertEqual(
      refusal(ParlayDraft(games: [ParlayDraft.Game(home: 115, away: 112, settings: [.homeSD(-3)])], legs: [.init(leg: "over:225.5")])),
      "games[0].home_sd")
    XCTAssertEqual(
      refusal(ParlayDraft(games: [two[0]], legs: [.init(leg: "Jayson Tatum:points:over:27.5")])), "legs[0]")
    XCTAssertEqual(
      refusal(
        ParlayDraft(
          games: [ParlayDraft.Game(home: 115, away: 112, settings: [.rho(0.4)])], legs: [.init(leg: "over:225.5")],
          correlation: [[1, 0.5], [0.5, 1]])), "games[0].rho")
  }
}
