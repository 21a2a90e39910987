import Foundation
import ServiceContracts
import Serving
import TestSupport
import XCTest
import UseCases

/// The board (`GET /`) as a browser shows it: headless Chromium loads the page against the
/// fixture feed, and the test reads the DOM it built. Every game of tonight's JSON is on the
/// page with its probabilities, a bet the policy withholds says why, and the page reloads itself
/// with the new lines once the feed has moved. Screenshots at a phone's width and a desktop's are
/// written to .build/screenshots for a person to look at.
final class BoardPageTests: XCTestCase {
  /// The DOM of one game's rows (its `<tbody>`), or "" when the game is not on the page.
  func rows(of id: String, in dom: String) -> String {
    guard let start = dom.range(of: "id=\"game-\(id)\"") else { return "" }
    let rest = dom[start.upperBound...]
    return String(rest[..<(rest.range(of: "</tbody>")?.lowerBound ?? rest.endIndex)])
  }

  func percent(_ p: Double) -> String { String(format: "%.1f%%", 100 * p) }

  /// Screenshots of `url` at a phone's width (390 px) and a desktop's (1280 px), written to
  /// .build/screenshots/NAME-phone.png and NAME-desktop.png for a person to look at.
  func screenshots(_ browser: HeadlessBrowser, _ url: String, named name: String, heights: (phone: Int, desktop: Int)) throws {
    let shots = Fixture.projectRoot.appendingPathComponent(".build/screenshots")
    try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
    for (kind, width, height) in [("phone", 390, heights.phone), ("desktop", 1280, heights.desktop)] {
      let path = shots.appendingPathComponent("\(name)-\(kind).png").path
      let shot = try browser.screenshot(url, width: width, height: height, to: path)
      XCTAssertEqual(shot.status, 0, shot.stderr)
      XCTAssertGreaterThan((try? Data(contentsOf: URL(fileURLWithPath: path)))?.count ?? 0, 10_000, "a blank screenshot")
      print("\(name) screenshot (\(kind), \(width) px): \(path)")
    }
  }

  /// The fixture feed's events, to edit.
  func fixtureEvents() throws -> [[String: Any]] {
    try XCTUnwrap(JSONSerialization.jsonObject(with: Fixture.resource(LiveSourceTests.feedName)) as? [[String: Any]])
  }

  /// A server reading `events` as its live feed (a file that goes when the test ends), its clock
  /// before the fixture night's first tip-off (FairBet's pre-game window).
  func serveBeforeTipOff(_ events: [[String: Any]]) async throws -> TestServer {
    let feed = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-feed-\(UUID().uuidString).json")
    try JSONSerialization.data(withJSONObject: events).write(to: feed)
    addTeardownBlock { try? FileManager.default.removeItem(at: feed) }
    return try await serve {
      var live = LiveSourceConfiguration(odds: feed.path)
      live.stats = LiveSourceTests.statsPath
      live.asOf = LiveSourceTests.feedDay
      $0.live = live
      $0.now = ISO8601DateFormatter().date(from: "2026-03-31T20:00:00Z")
    }
  }

  /// Each priced side of a game's JSON: its advice object.
  func sides(_ game: [String: Any]) -> [[String: Any]] {
    var out: [[String: Any]] = []
    if let a = game["advice"] as? [String: Any] { out += ["over", "under"].compactMap { a[$0] as? [String: Any] } }
    for market in ["spread", "moneyline"] {
      if let a = (game[market] as? [String: Any])?["advice"] as? [String: Any] {
        out += ["home", "away"].compactMap { a[$0] as? [String: Any] }
      }
    }
    return out
  }

  func testTheBoardShowsEveryGameWithItsProbabilitiesAndReasonsAndFollowsTheFeed() async throws {
    let browser = try HeadlessBrowser()
    defer { browser.removeProfile() }
    let (server, feed, tonight) = try await serveChangingFeed()
    let page = server.base.absoluteString + "/"

    let first = try browser.dom(page)
    XCTAssertEqual(first.status, 0, first.stderr)
    let dom = first.stdout
    XCTAssertTrue(dom.contains("<h1>Tonight</h1>"), dom)
    XCTAssertTrue(dom.contains(#"<strong class="healthy">healthy</strong>"#), "the feed's health at the top")

    let games = tonight.json.list("games").filter { $0["error"] == nil || $0["error"] is NSNull }
    XCTAssertEqual(games.count, 7)
    var withheldSeen = 0
    for game in games {
      let id = try XCTUnwrap(game["game_id"] as? String)
      let shown = rows(of: id, in: dom)
      XCTAssertFalse(shown.isEmpty, "game \(id) is not on the board")
      for team in ["home_team", "away_team"] {
        XCTAssertTrue(shown.contains(game[team] as? String ?? "?"), "\(id): \(team)")
      }
      let priced = sides(game)
      XCTAssertGreaterThanOrEqual(priced.count, 2, "\(id) has priced sides")
      for side in priced {
        let model = (side["model_probability"] ?? side["probability"]) as! Double
        XCTAssertTrue(shown.contains(percent(model)), "\(id): the model's \(percent(model))")
        if let market = side["market_probability"] as? Double {
          XCTAssertTrue(shown.contains(percent(market)), "\(id): the market's \(percent(market))")
        }
        let withheld = side["withheld"] as? [String] ?? []
        if side["grade"] as? String != "NO_BET", !withheld.isEmpty {
          withheldSeen += 1
          XCTAssertTrue(shown.contains("withheld: "), "\(id): a withheld bet says so, the reason first")
          XCTAssertTrue(shown.contains("(\(side["grade"]!) by EV)"), "\(id): and the grade it would have had after")
          if withheld.contains("model_market_disagree") {
            XCTAssertTrue(shown.contains("the model and the market disagree too much"), "\(id): and why")
          }
        } else if side["recommended"] as? Bool == true {
          XCTAssertTrue(shown.contains("stake"), "\(id): a recommended bet shows its stake")
        }
      }
    }
    XCTAssertGreaterThan(withheldSeen, 0, "the fixture night has bets the policy withholds")
    // A withheld bet's EV is grey, never the green of an advised one; every cell is labelled for
    // the phone's layout, where the table reflows a bet to two columns and the advice to a line.
    for row in dom.components(separatedBy: #"<tr class="bet">"#).dropFirst() {
      let cells = row.components(separatedBy: "</tr>")[0]
      if cells.contains("withheld: ") { XCTAssertFalse(cells.contains(#"class="num pos""#), cells) }
      XCTAssertEqual(cells.components(separatedBy: "data-label=").count - 1, 6, cells)
    }

    // Sorted by EV: the games in the order of the best EV the policy advises on each; the games
    // it advises nothing on last, however large their withheld EV.
    let byEV = try browser.dom(page + "?sort=ev").stdout
    let advisedEV = games.map { g in
      (g["game_id"] as! String, sides(g).filter { $0["recommended"] as? Bool == true }.compactMap { $0["ev"] as? Double }.max() ?? -.infinity)
    }
    let expected = advisedEV.enumerated().sorted { $0.element.1 != $1.element.1 ? $0.element.1 > $1.element.1 : $0.offset < $1.offset }
      .map(\.element.0)
    let order = expected.compactMap { id in byEV.range(of: "id=\"game-\(id)\"")?.lowerBound }
    XCTAssertEqual(order.count, games.count)
    XCTAssertEqual(order, order.sorted(), "games by the best EV the policy advises, highest first")
    let top = try XCTUnwrap(expected.first)
    let withheldOnly = games.filter { g in
      !sides(g).contains { $0["recommended"] as? Bool == true } && sides(g).contains { ($0["ev"] as? Double ?? 0) > 0 }
    }
    XCTAssertFalse(withheldOnly.contains { $0["game_id"] as? String == top }, "a game whose bets are all withheld is not ranked first")

    // Screenshots for a person to look at.
    try screenshots(browser, page, named: "board", heights: (1600, 1400))

    // The feed moves while the page is open: the page's script sees the new reading and reloads.
    // The browser's clock is virtual (its timers run as fast as answers come), so the open page
    // is served by a stand-in that answers the server's own pages and health bodies, before and
    // after the move, switching after the page's third poll: the reload then does not depend on
    // how fast this machine runs.
    let moved = try XCTUnwrap(games.first { $0["game_id"] as? String == "8c95b58e16520c12308e0196b0c19198" })
    let line = try XCTUnwrap(moved["line"] as? Double)
    // Each page's health body carries the lines the page was rendered from (read off its
    // script), so a refresh between two requests cannot make them disagree. Every poll is a
    // new reading (`updated_at` moves each time); only the lines' `changed_at` may reload.
    @Sendable func health(for page: Data, poll: Int) throws -> Data {
      let text = String(decoding: page, as: UTF8.self)
      let start = try XCTUnwrap(text.range(of: #"var shown=""#), "the page's refresh script")
      let shown = text[start.upperBound...].prefix { $0 != "\"" }
      return Data(#"{"live": {"changed_at": "\#(shown)", "updated_at": "2026-03-31T20:00:\#(10 + poll % 50)Z"}}"#.utf8)
    }
    let pageBefore = try await server.get("/").body
    feed.set(try self.feed(shiftingFirstEventTotalsBy: 10))
    try await waitFor("the moved line") {
      let games = try await server.get("/api/tonight/totals").json.list("games")
      return games.first { $0["game_id"] as? String == "8c95b58e16520c12308e0196b0c19198" }?["line"] as? Double == line + 10
    }
    let pageAfter = try await server.get("/").body
    XCTAssertNotEqual(try health(for: pageBefore, poll: 0), try health(for: pageAfter, poll: 0))
    let polls = Completions()
    let standIn = try LocalHTTPServer(maxRequests: 400, lifetime: 60) { _, path in
      if path.hasPrefix("/api/health") {
        polls.add()
        let body = try? health(for: polls.count > 3 ? pageAfter : pageBefore, poll: polls.count)
        return .init(headers: ["Content-Type": "application/json"], body: body ?? Data())
      }
      guard path == "/" else { return .init(status: 404) }
      return .init(headers: ["Content-Type": "text/html; charset=utf-8"], body: polls.count > 3 ? pageAfter : pageBefore)
    }
    defer { standIn.stop() }
    let after = try browser.dom(standIn.url.absoluteString + "/", virtualSeconds: 30)
    XCTAssertEqual(after.status, 0, after.stderr)
    XCTAssertEqual(standIn.requests.filter { $0 == "/" }.count, 2, "the page loaded, then reloaded itself once: \(standIn.requests)")
    let shownAfter = rows(of: "8c95b58e16520c12308e0196b0c19198", in: after.stdout)
    XCTAssertTrue(shownAfter.contains("Over \(String(format: "%g", line + 10))<"), shownAfter)
  }

  /// A feed whose event id and team name carry markup: the pages show them as text, and the
  /// browser builds no element and no attribute from them.
  /// With a bankroll every stake on the board is the slate's, after joint Kelly and the exposure
  /// cap (`stakes` of tonight's JSON), its money beside its fraction (issue 43): the page's
  /// stakes add up to the slate's exposure, within the cap. It had shown each side's single
  /// stake (`advice.*.stake_amount`), 78% of the bankroll under a cap of 20%.
  func testTheBoardShowsEachStakeInMoneyWithABankroll() async throws {
    let feed = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-feed-\(UUID().uuidString).json")
    try JSONSerialization.data(withJSONObject: try fixtureEvents()).write(to: feed)
    addTeardownBlock { try? FileManager.default.removeItem(at: feed) }
    let server = try await serve {
      var live = LiveSourceConfiguration(odds: feed.path)
      live.stats = LiveSourceTests.statsPath
      live.asOf = LiveSourceTests.feedDay
      // A cap of 5% the fixture night's stakes exceed: scaled down to it, no stake is the advice's.
      (live.pricing.advice.bankroll, live.pricing.advice.maxExposure) = (1000, 0.05)
      $0.live = live
      ($0.pricing.advice.bankroll, $0.pricing.advice.maxExposure) = (1000, 0.05)
    }
    try await waitFor("the first read") { try await server.get("/").status == 200 }
    let tonight = try await server.get("/api/tonight/totals").json
    // The full game's stakes (a period's or a team total's are on the game's page).
    let staked = tonight.list("games").flatMap { $0["stakes"] as? [[String: Any]] ?? [] }.filter { $0["period"] == nil && $0["team"] == nil }
    XCTAssertGreaterThan(staked.count, 1, "too few stakes on the fixture night to prove anything")
    XCTAssertEqual(tonight["exposure_scaled"] as? Bool, true, "the night reaches the cap, so the slate's stakes are not the advice's")
    let expected = staked.map { String(format: "%.2f%% = %.2f", 100 * ($0["stake_fraction"] as! Double), $0["stake"] as! Double) }
    let page = try await server.get("/")
    XCTAssertEqual(page.status, 200)
    let pattern = try NSRegularExpression(pattern: #"<span class="stake"[^>]*>([^<]*)</span>"#)
    let text = page.text
    let shown = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { String(text[Range($0.range(at: 1), in: text)!]) }
    XCTAssertEqual(shown.sorted(), expected.sorted(), "the board's stakes are the slate's")
    let total = shown.compactMap { Double($0.components(separatedBy: " = ").last ?? "") }.reduce(0, +)
    let cap = try XCTUnwrap((tonight["methodology"] as? [String: Any])?["advice"] as? [String: Any])["max_exposure"] as? Double
    XCTAssertEqual(total, try XCTUnwrap(tonight["total_exposure"] as? Double), accuracy: 0.005 * Double(shown.count), "the page's stakes add up")
    XCTAssertLessThanOrEqual(total, 1000 * (try XCTUnwrap(cap)) + 0.005 * Double(shown.count), "within the cap")
    XCTAssertTrue(text.contains("5.00% = 50.00 tonight in all (cap 5%, stakes scaled down to it)"), "the header says so")
  }

  func testMarkupInAFeedIsShownAsText() async throws {
    let browser = try HeadlessBrowser()
    defer { browser.removeProfile() }
    var events = try fixtureEvents()
    events[0]["id"] = #"x" onmouseover="alert(1)"#
    events[1]["home_team"] = "<script>alert(2)</script>"
    let server = try await serveBeforeTipOff(events)
    try await waitFor("the first read") { try await server.get("/").status == 200 }
    for path in ["/", "/fairbet"] {
      let dom = try browser.dom(server.base.absoluteString + path).stdout
      XCTAssertEqual(dom.components(separatedBy: "<script").count - 1, 1, "\(path): only the page's own script")
      // A real attribute is serialised `onmouseover="alert(1)"`; the id's text keeps its quotes
      // escaped inside the id's value.
      XCTAssertFalse(dom.contains(#"onmouseover="alert"#), "\(path): an attribute made from the feed")
    }
    let board = try browser.dom(server.base.absoluteString + "/").stdout
    XCTAssertTrue(board.contains(#"onmouseover=&quot;alert(1)"#), "the id shown as text")
    XCTAssertTrue(board.contains("/game/x%22%20onmouseover%3D%22alert%281%29"), "the id percent-encoded in the link")
  }

  /// The board's link to a game round-trips any id: one with a colon, spaces and a slash
  /// reaches its page.
  func testABoardLinkReachesTheGameWhateverItsID() async throws {
    var events = try fixtureEvents()
    let id = "nba:2026-03-31 MIA/CHA #1"
    events[0]["id"] = id
    let server = try await serveBeforeTipOff(events)
    try await waitFor("the first read") { try await server.get("/").status == 200 }
    let board = try await server.get("/").text
    let link = "/game/nba%3A2026-03-31%20MIA%2FCHA%20%231"
    XCTAssertTrue(board.contains(#"href="\#(link)""#), "the id percent-encoded in the link")
    let page = try await server.get(link)
    XCTAssertEqual(page.status, 200, String(page.text.prefix(300)))
    XCTAssertTrue(page.text.contains(#"<table"#), "the game's page")
    let other = try await server.get("/game/nba%3A2026-03-31%20MIA%2FCHA%20%232")
    XCTAssertEqual(other.status, 404, "another id is not it")
  }

  /// A game's page, reached from the board's link: its markets, its pictures (an inline SVG the
  /// browser renders), every scenario and the sensitivity of each input.
  func testAGamesPageShowsItsPicturesScenariosAndSensitivity() async throws {
    let browser = try HeadlessBrowser()
    defer { browser.removeProfile() }
    let (server, _, tonight) = try await serveChangingFeed(now: ISO8601DateFormatter().date(from: "2026-03-31T20:00:00Z"))
    let game = try XCTUnwrap(tonight.json.list("games").first { $0["line"] is Double })
    let id = try XCTUnwrap(game["game_id"] as? String)
    let board = try browser.dom(server.base.absoluteString + "/").stdout
    XCTAssertTrue(board.contains(#"href="/game/\#(id)""#), "the board links the game's page")

    let page = try browser.dom(server.base.absoluteString + "/game/\(id)")
    XCTAssertEqual(page.status, 0, page.stderr)
    let dom = page.stdout
    XCTAssertTrue(dom.contains("<h1>\(game["away_team"]!) at \(game["home_team"]!)</h1>"), String(dom.prefix(2000)))
    XCTAssertFalse(rows(of: id, in: dom).isEmpty, "the game's markets")
    let picture = try XCTUnwrap(dom.range(of: #"<figure id="picture" class="chart">"#), "no picture")
    XCTAssertTrue(dom[picture.upperBound...].hasPrefix("<svg"), "the picture is an inline SVG")
    for name in ["base", "high_pace", "low_pace", "high_variance", "low_variance", "high_ot", "no_correlation", "high_correlation", "skew_normal"] {
      XCTAssertTrue(dom.contains(">\(name)</th>"), "scenario \(name)")
    }
    let sensitivity = try XCTUnwrap(dom.range(of: #"<table id="sensitivity" class="reflow">"#), "no sensitivity")
    XCTAssertGreaterThanOrEqual(dom[sensitivity.upperBound...].components(separatedBy: "<tr>").count - 1, 4)
    // At a phone's width (below 40rem) the game's bets reflow as the board's do, the scenarios
    // and the sensitivity as blocks of labelled cells (no table wider than the screen), and the
    // picture keeps its size, scrolled sideways, rather than shrinking its 11-px ticks to 5 px.
    XCTAssertTrue(dom.contains(#"<table class="board reflow">"#), "the game's bets, as on the board")
    XCTAssertTrue(dom.contains(#"<table id="scenarios" class="reflow">"#), "the scenarios")
    for table in ["scenarios", "sensitivity"] {
      let body = dom.components(separatedBy: #"<table id="\#(table)""#)[1].components(separatedBy: "</table>")[0]
      let cells = body.components(separatedBy: "<td").count - 1
      XCTAssertGreaterThan(cells, 0, table)
      XCTAssertEqual(body.components(separatedBy: "data-label=").count - 1, cells, "\(table): every cell labelled for the phone")
    }
    XCTAssertTrue(dom.contains("table.reflow thead{display:none}"), "the reflow's rules")
    XCTAssertTrue(dom.contains("figure.chart svg{width:860px;max-width:none}"), "the picture at its size on a phone")

    try screenshots(browser, server.base.absoluteString + "/game/\(id)", named: "game", heights: (4800, 2400))
    // Viewed again while the lines stay the same (the feed is read every second meanwhile), the
    // page is served from its first pricing: the whole page, no game simulated again.
    func simulated() async throws -> String? {
      try await server.get("/metrics").text.split(separator: "\n").first { $0.hasPrefix("mcsim_simulations_total ") }.map(String.init)
    }
    let before = try await simulated()
    let again = try await server.get("/game/\(id)")
    try await Task.sleep(for: .seconds(1.5))
    let third = try await server.get("/game/\(id)")
    for reply in [again, third] { XCTAssertTrue(reply.text.contains(#"<table id="sensitivity" class="reflow">"#), "the page in full") }
    let after = try await simulated()
    XCTAssertEqual(after, before, "the page's pricing is kept for the lines it was priced from")
    let unknown = try await server.get("/game/no-such-game")
    XCTAssertEqual(unknown.status, 404, unknown.text)
    XCTAssertEqual(unknown.header("Content-Type"), "text/html; charset=utf-8")
    XCTAssertTrue(unknown.text.contains("<h1>404 Not Found</h1>"), unknown.text)
    XCTAssertTrue(unknown.text.contains("no game no-such-game tonight"), unknown.text)
    let badSort = try await server.get("/?sort=price")
    XCTAssertEqual(badSort.status, 422)
    XCTAssertTrue(badSort.text.contains("<h1>422 Unprocessable Content</h1>") && badSort.text.contains("sort = price"), badSort.text)

    // The parlay builder: the game's over and home spread, priced on the page as the FairBet
    // parlay endpoint prices them.
    XCTAssertTrue(dom.contains(#"<h2 id="parlay">Parlay builder</h2>"#), "the builder")
    let bets = try await server.get("/api/fairbet/odds?limit=500").json.list("bets").filter { $0["has_fair"] as? Bool == true }
    func pick(_ game: [String: Any], _ market: String, _ selection: String) -> [String: Any]? {
      bets.first {
        $0["market_key"] as? String == market && $0["selection_key"] as? String == selection
          && $0["away_team"] as? String == game["away_team"] as? String && $0["home_team"] as? String == game["home_team"] as? String
      }
    }
    func homeSpread(_ game: [String: Any]) -> String { "team:" + FairBetGame.slug(game["home_team"] as? String ?? "") }
    // A game whose over, under and home spread all have fair prices.
    let chosen = try XCTUnwrap(
      tonight.json.list("games").first { g in
        pick(g, "totals", "total:over") != nil && pick(g, "totals", "total:under") != nil && pick(g, "spreads", homeSpread(g)) != nil
      }, "a game with fair totals and spreads")
    let parlayID = try XCTUnwrap(chosen["game_id"] as? String)
    let over = pick(chosen, "totals", "total:over")!, spread = pick(chosen, "spreads", homeSpread(chosen))!
    let under = pick(chosen, "totals", "total:under")!
    func form(_ bet: [String: Any]) -> String {
      let line = bet["line_value"] as! Double
      return "\(bet["market_key"]!)|\(bet["selection_key"]!)|\(line)".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }
    let legs = [over, spread].map {
      ["game_id": $0["game_id"]!, "market_key": $0["market_key"]!, "selection_key": $0["selection_key"]!, "line_value": $0["line_value"]!]
    }
    let api = try await server.post("/api/fairbet/parlay/evaluate", json: ["legs": legs])
    XCTAssertEqual(api.status, 200, api.text)
    let joint = try XCTUnwrap(api.json["fair_probability"] as? Double)
    let priced = try browser.dom(server.base.absoluteString + "/game/\(parlayID)?leg=\(form(over))&leg=\(form(spread))").stdout
    let table = try XCTUnwrap(priced.range(of: #"<table id="parlay-price">"#), "no parlay price on the page")
    let shown = priced[table.upperBound...].prefix(1200)
    XCTAssertTrue(shown.contains(String(format: "%.2f%%", 100 * joint)), "the endpoint's \(joint): \(shown)")
    XCTAssertEqual(priced.components(separatedBy: #"checked="""#).count - 1, 2, "the two legs stay chosen")
    // Two sides of one market, or one side at two of its lines: refused as the form says (one
    // side of a market each), nothing priced.
    let refused = try browser.dom(server.base.absoluteString + "/game/\(parlayID)?leg=\(form(over))&leg=\(form(under))").stdout
    XCTAssertTrue(
      refused.contains(#"id="parlay-problems""#) && refused.contains("are both the Total: pick one side of a market each"),
      String(refused.suffix(3000)))
    XCTAssertFalse(refused.contains(#"<table id="parlay-price">"#))
    // The fixture's Suns @ Magic has fair overs at 224.5 and 225.
    func overs(_ game: [String: Any]) -> [[String: Any]] {
      let id = FairBetGame.id(of: game["game_id"] as? String ?? "")
      return bets.filter { $0["game_id"] as? Int == id && $0["selection_key"] as? String == "total:over" }
    }
    let twoLines = try XCTUnwrap(tonight.json.list("games").first { overs($0).count > 1 }, "a game with overs at two lines")
    let (a, b) = (overs(twoLines)[0], overs(twoLines)[1])
    XCTAssertNotEqual(a["line_value"] as? Double, b["line_value"] as? Double)
    let twice = try browser.dom(server.base.absoluteString + "/game/\(twoLines["game_id"]!)?leg=\(form(a))&leg=\(form(b))").stdout
    XCTAssertTrue(twice.contains("are both the Total: pick one side of a market each"), String(twice.suffix(3000)))
    XCTAssertFalse(twice.contains(#"<table id="parlay-price">"#))
  }

  /// The FairBet page before tip-off, against the fixture feed with one book's price made better
  /// than the fair odds: that price is counted and stands out, with its fair odds, confidence
  /// tier and the books behind the consensus; every bet with a fair price is listed.
  /// A game's page viewed while its client is at its cap of heavy jobs: the page is still
  /// shown (200), saying that its pictures and the parlay chosen are left out, where it had
  /// been a 429 page with nothing of the game.
  func testAGamesPageAtTheClientsCapSaysWhatItLeftOut() async throws {
    let feed = FileManager.default.temporaryDirectory.appendingPathComponent("mcsim-feed-\(UUID().uuidString).json")
    try Fixture.resource(LiveSourceTests.feedName).write(to: feed)
    addTeardownBlock { try? FileManager.default.removeItem(at: feed) }
    let server = try await serve {
      var live = LiveSourceConfiguration(odds: feed.path)
      live.stats = LiveSourceTests.statsPath
      live.asOf = LiveSourceTests.feedDay
      $0.live = live
      $0.now = ISO8601DateFormatter().date(from: "2026-03-31T20:00:00Z")
      // Every job heavy (the parlay's 10^5 games too), one at a time per client.
      ($0.workers, $0.maxInFlightPerClient, $0.inlineSimulations, $0.deadline) = (1, 1, 0, .seconds(120))
      ($0.maxSimulations, $0.maxTotalSimulations) = (1_000_000_000, 10_000_000_000)
    }
    try await waitFor("the first read") { try await server.get("/api/tonight/totals").status == 200 }
    let bets = try await server.get("/api/fairbet/odds?limit=500").json.list("bets").filter { $0["has_fair"] as? Bool == true }
    let over = try XCTUnwrap(bets.first { $0["selection_key"] as? String == "total:over" })
    let other = try XCTUnwrap(
      bets.first { $0["game_id"] as? Int == over["game_id"] as? Int && $0["market_key"] as? String == "spreads" }, "a spread of that game")
    func form(_ bet: [String: Any]) -> String {
      "\(bet["market_key"]!)|\(bet["selection_key"]!)|\(bet["line_value"] as! Double)".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }
    let tonight = try await server.get("/api/tonight/totals").json.list("games")
    let game = try XCTUnwrap(
      tonight.first {
        $0["home_team"] as? String == over["home_team"] as? String && $0["away_team"] as? String == over["away_team"] as? String
      })
    let id = try XCTUnwrap(game["game_id"] as? String)
    // The client's one heavy job: 10^9 games on the one worker, seconds of work.
    let heavy = Task {
      try await server.post(
        "/api/monte-carlo/simulate",
        Data(
          #"{"home_projection": 112, "away_projection": 108, "total_line": 220.5, "n_sims": 1000000000, "include_scenarios": false, "include_sensitivity": false}"#
            .utf8))
    }
    defer { heavy.cancel() }
    try await waitFor("the heavy job to run") { try await server.get("/api/health").json.object("pool").number("running") == 1 }
    let page = try await server.get("/game/\(id.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)?leg=\(form(over))&leg=\(form(other))")
    XCTAssertEqual(page.status, 200, String(page.text.prefix(800)))
    XCTAssertTrue(page.text.contains("<h1>"), "the game's page")
    XCTAssertTrue(
      page.text.contains("Your other requests are still running: the parlay is not priced; reload in a moment."), page.text)
    XCTAssertTrue(
      page.text.contains("Your other requests are still running: the pictures, scenarios and sensitivity are left out"), page.text)
    XCTAssertTrue(page.text.contains(#"class="board reflow""#), "the game's bets are still shown")
  }

  func testTheFairBetPageShowsEveryPositiveEVPrice() async throws {
    let browser = try HeadlessBrowser()
    defer { browser.removeProfile() }
    var events = try fixtureEvents()
    // lowvig's Orlando Magic -2 at -101 against a fair -100: made +105.
    var books = events[0]["bookmakers"] as! [[String: Any]]
    let lowvig = try XCTUnwrap(books.firstIndex { $0["key"] as? String == "lowvig" })
    var markets = books[lowvig]["markets"] as! [[String: Any]]
    let spreads = try XCTUnwrap(markets.firstIndex { $0["key"] as? String == "spreads" })
    var outcomes = markets[spreads]["outcomes"] as! [[String: Any]]
    outcomes[0]["price"] = 105
    markets[spreads]["outcomes"] = outcomes
    books[lowvig]["markets"] = markets
    events[0]["bookmakers"] = books
    let server = try await serveBeforeTipOff(events)
    var odds = try await server.get("/api/fairbet/odds?limit=500")
    try await waitFor("the first read") {
      odds = try await server.get("/api/fairbet/odds?limit=500")
      return odds.status == 200
    }
    let bets = odds.json.list("bets").filter { $0["has_fair"] as? Bool == true }
    let positive = bets.flatMap { bet in
      (bet["books"] as? [[String: Any]] ?? []).filter { ($0["ev_percent"] as? Double ?? 0) > 0 }.map { (bet, $0) }
    }
    XCTAssertGreaterThanOrEqual(positive.count, 1, "the bumped price is +EV")
    XCTAssertTrue(positive.contains { $0.0["selection_display"] as? String == "Orlando Magic -2" && $0.1["book"] as? String == "LowVig.ag" })

    let page = try browser.dom(server.base.absoluteString + "/fairbet")
    XCTAssertEqual(page.status, 0, page.stderr)
    let dom = page.stdout
    XCTAssertTrue(dom.contains("\(positive.count) price\(positive.count == 1 ? "" : "s") with positive EV."), String(dom.prefix(3000)))
    // Every bet with a fair price has its row; each +EV price is listed under its bet.
    XCTAssertEqual(dom.components(separatedBy: #"<th scope="row">"#).count - 1, bets.count)
    for (bet, book) in positive {
      let evText = String(format: "%+.2f%%", book["ev_percent"] as! Double)
      XCTAssertTrue(dom.contains(#"<li class="pos">\#(book["book"]!) "#), "\(bet["bet"]!) at \(book["book"]!)")
      XCTAssertTrue(dom.contains(evText), evText)
    }
    let magic = try XCTUnwrap(dom.range(of: #"<tr class="positive">"#), "the +EV bet stands out")
    let row = dom[magic.upperBound...].prefix(while: { $0 != "\n" })
    XCTAssertTrue(row.contains("Orlando Magic -2"), String(row.prefix(600)))
    XCTAssertTrue(row.contains("LowVig.ag") && row.contains("full"), "best book and confidence tier")
    try screenshots(browser, server.base.absoluteString + "/fairbet", named: "fairbet", heights: (1600, 1400))
  }

  /// Without the key, the page asks the browser for it (Basic); with the key as the password,
  /// or as X-API-Key, it is served. A bad `sort` is a 422 naming it.
  func testThePageIsBehindTheKeyAsABasicPassword() async throws {
    let feed = Bundle.module.url(forResource: LiveSourceTests.feedName, withExtension: nil, subdirectory: "Resources")!.path
    let server = try await serve {
      var live = LiveSourceConfiguration(odds: feed)
      live.stats = LiveSourceTests.statsPath
      live.asOf = LiveSourceTests.feedDay
      $0.live = live
      $0.apiKeys = ["s3cret"]
    }
    try await waitFor("the first read") { try await server.get("/", headers: ["X-API-Key": "s3cret"]).status == 200 }
    // Foundation's URLSession on Linux waits without end on a Basic challenge: the refusals are
    // read off a raw connection.
    func raw(_ head: String) throws -> String {
      let c = try RawConnection(port: server.port)
      try c.send("GET / HTTP/1.1\r\nHost: t\r\n\(head)Connection: close\r\n\r\n")
      return c.read(timeout: 10).text
    }
    let refused = try raw("")
    XCTAssertEqual(RawConnection.status(refused), 401, refused)
    XCTAssertTrue(refused.contains(#"WWW-Authenticate: Basic realm="mcsim", charset="UTF-8""#), refused)
    let wrong = try raw("Authorization: Basic \(Data("me:nope".utf8).base64EncodedString())\r\n")
    XCTAssertEqual(RawConnection.status(wrong), 401, wrong)
    let page = try await server.get("/", headers: ["Authorization": "Basic " + Data("me:s3cret".utf8).base64EncodedString()])
    XCTAssertEqual(page.status, 200)
    XCTAssertEqual(page.header("Content-Type"), "text/html; charset=utf-8")
    XCTAssertTrue(page.text.hasPrefix("<!DOCTYPE html>"), String(page.text.prefix(80)))
    XCTAssertFalse(page.text.contains("s3cret"))
    // The JSON endpoints take the Basic password too (the page's refresh asks /api/health).
    let health = try await server.get("/api/health", headers: ["Authorization": "Basic " + Data(":s3cret".utf8).base64EncodedString()])
    XCTAssertEqual(health.status, 200)
    let bare = try await server.get("/api/health")
    XCTAssertEqual(bare.status, 401)
    XCTAssertNil(bare.header("WWW-Authenticate"), "an API client is not asked for a password")
    // The pages' own refresh (a same-origin fetch) is asked, so the browser retries with the
    // password it holds.
    func rawAPI(_ request: String) throws -> String {
      let c = try RawConnection(port: server.port)
      try c.send(request)
      return c.read(timeout: 10).text
    }
    let refresh = try rawAPI("GET /api/health HTTP/1.1\r\nHost: t\r\nSec-Fetch-Site: same-origin\r\nConnection: close\r\n\r\n")
    XCTAssertEqual(RawConnection.status(refresh), 401, refresh)
    XCTAssertTrue(refresh.contains("WWW-Authenticate: Basic"), refresh)
    // The password reads only, and only for the site's own pages: another site cannot make a
    // browser spend it on a POST, nor read through it.
    let basic = "Authorization: Basic \(Data("me:s3cret".utf8).base64EncodedString())\r\n"
    let body = #"{"home_projection": 112, "away_projection": 108, "total_line": 220.5}"#
    let post = try rawAPI(
      "POST /api/monte-carlo/simulate HTTP/1.1\r\nHost: t\r\n\(basic)Content-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    )
    XCTAssertEqual(RawConnection.status(post), 401, post)
    let crossSite = try rawAPI("GET / HTTP/1.1\r\nHost: t\r\n\(basic)Sec-Fetch-Site: cross-site\r\nConnection: close\r\n\r\n")
    XCTAssertEqual(RawConnection.status(crossSite), 401, crossSite)
    XCTAssertFalse(crossSite.contains("WWW-Authenticate"), crossSite)
    let sorted = try await server.get("/?sort=price", headers: ["X-API-Key": "s3cret"])
    XCTAssertEqual(sorted.status, 422)
    XCTAssertTrue(sorted.text.contains("sort = price: must be one of start, ev"), sorted.text)
  }
}
