import Renderers
import ServiceContracts
import UseCases

/// Every endpoint of `mcsim serve`: the route groups register these and nothing else, the
/// OpenAPI document lists these, and a known path asked with another method is a 405 naming
/// the methods listed here.
enum ServerOperations {
  typealias Schema = JSONSchema
  static let bodyErrors = [400, 408, 413, 422, 429, 503]
  /// The FairBet endpoints' shared query parameters.
  static let gameID: Schema = ["type": "integer", "minimum": .integer(Int.min), "maximum": .integer(Int.max)]
  static let marketCategory = Operation.query("market_category", .anyString, "mainline, player_prop, team_prop or alternate")
  static let sortBy = Operation.query("sort_by", ContractSchemas.sortBy, "order")

  static let health = Operation(
    method: .get, path: "/health", summary: "The betting agent's health body",
    response: .object(
      ["status", "service"], ["status": .oneOf(["healthy", "degraded"]), "service": .constant("nba-betting-agent")]))
  static let apiHealth = Operation(
    method: .get, path: "/api/health", summary: "mcsim's health: pool load and live source state",
    response: .object(
      ["status", "service", "version", "pool"],
      ["status": .oneOf(["healthy", "degraded"]), "service": .anyString, "version": .anyString, "pool": .anyObject]))
  static let openAPI = Operation(method: .get, path: "/openapi.json", summary: "This document", response: .anyObject)
  static let metrics = Operation(
    method: .get, path: "/metrics", summary: "Prometheus metrics", response: .anyString, media: .prometheus)

  static let board = Operation(
    method: .get, path: "/",
    summary: "The board: tonight's games with the best prices, the model beside the market, EV, stakes and the advice",
    parameters: [
      Operation.query(
        "sort", ["type": "string", "enum": .array(BoardPage.Order.allCases.map { .string($0.rawValue) }), "default": "start"],
        "the games' order: by start time, or by their best EV")
    ],
    response: .anyString, media: .html, errors: [422, 503])
  static let gamePage = Operation(
    method: .get, path: "/game/{id}",
    summary: "One game of tonight: its markets, its distributions pictured, scenarios and sensitivity",
    parameters: [
      ["name": "id", "in": "path", "required": true, "schema": .anyString, "description": "the game's id (the board's link)"],
      Operation.query(
        "leg", ["type": "array", "items": .anyString],
        "the parlay builder's legs, market_key|selection_key|line_value, repeated (a leg that cannot be priced is said on the page)"),
    ],
    response: .anyString, media: .html, errors: [404, 503])
  static let fairBetPage = Operation(
    method: .get, path: "/fairbet",
    summary:
      "The FairBet list: every bet with a fair price, its books and their EV, best first (the FairBet query's parameters; all bets unless limit is given)",
    parameters: fairBetOdds.parameters, response: .anyString, media: .html, errors: [422, 503])

  static let simulate = Operation(
    method: .post, path: "/api/monte-carlo/simulate",
    summary: "The agent's one-game simulation (scenarios and sensitivity by default, as the agent)",
    body: .ref("SimulateRequest"), response: .ref("SimulateResponse"), errors: bodyErrors)
  static let batch = Operation(
    method: .post, path: "/api/monte-carlo/batch",
    summary: "The agent's batch: every game evaluated, a game without a line reported for itself",
    body: .ref("BatchRequest"), response: .ref("SlateResponse"), errors: bodyErrors)

  static let tonight = Operation(
    method: .get, path: "/api/tonight/totals",
    summary: "Tonight's totals from the configured feed and stats (last good copy with its age on a failed refresh)",
    response: .ref("TonightResponse"), errors: [503])
  static let fairBetOdds = Operation(
    method: .get, path: "/api/fairbet/odds",
    summary: "The FairBet client's pre-game bets with server-side EV (the real server's snake_case contract)",
    parameters: [
      Operation.query("league", .anyString, "league code, e.g. NBA"),
      marketCategory,
      Operation.query("exclude_categories", .anyString, "categories left out (repeat the parameter)"),
      Operation.query("game_id", gameID, "one game"),
      Operation.query("book", .anyString, "show that book's prices and the sharp ones"),
      Operation.query("player_name", .anyString, "player name contains (any case)"),
      Operation.query("min_ev", .anyNumber, "some book's EV at least this (percent)"),
      Operation.query("has_fair", .anyBoolean, "only bets with (or without) a fair probability"),
      sortBy,
      Operation.query(
        "limit", ["type": "integer", "minimum": 1, "maximum": .integer(FairBetQuery.maxLimit), "default": 100], "page size"),
      Operation.query(
        "offset", ["type": "integer", "minimum": 0, "maximum": .integer(Int.max), "default": 0], "first bet of the page"),
    ],
    response: .ref("FairBetResponse"), errors: [401, 422, 503])
  static let fairBetLiveGames = Operation(
    method: .get, path: "/api/fairbet/live/games", summary: "Games under way (started less than 4 hours ago), as a bare array",
    parameters: [Operation.query("league", .anyString, "league code, e.g. NBA")],
    response: .array(of: .ref("FairBetLiveGame")), errors: [401, 503])
  static let fairBetLive = Operation(
    method: .get, path: "/api/fairbet/live", summary: "One game under way: its bets with EV against the sharp consensus",
    parameters: [
      Operation.query("game_id", gameID, "the game (from /api/fairbet/live/games)", required: true),
      marketCategory, sortBy,
    ],
    response: .ref("FairBetLiveResponse"), errors: [401, 404, 422, 503])
  static let parlayEvaluate = Operation(
    method: .post, path: "/api/fairbet/parlay/evaluate",
    summary: "A parlay of FairBet bets: fair probability with same-game legs correlated by the game model",
    body: .ref("ParlayEvaluateRequest"), response: .ref("ParlayEvaluateResponse"), errors: [400, 401, 408, 413, 422, 503])

  static let tradeScore = Operation(
    method: .post, path: "/api/trade_score",
    summary: "AFL trade score: the Python API's shape, or the iOS client's (with --trade-pool)",
    parameters: [
      Operation.query("n_sims", ["type": "integer", "minimum": 1, "default": 10000], "simulated draws"),
      Operation.query("seed", ["type": "integer", "minimum": 0], "seed (default: the server's)"),
      Operation.query("deterministic", ["type": "boolean", "default": false], "the original formula only"),
    ],
    body: ["anyOf": [.ref("TradeRequest"), .ref("IOSTradeRequest")]], response: .ref("TradeResponse"), errors: bodyErrors)

  static let devig = Operation(
    method: .post, path: "/api/odds/devig", summary: "Fair probabilities of one book's market",
    body: .ref("DevigRequest"), response: .ref("DevigResponse"), errors: bodyErrors)
  static let fair = Operation(
    method: .post, path: "/api/odds/fair",
    summary: "Fair odds, EV per book, gates and tiers of a quotes file or odds feed (the body)",
    parameters: [
      Operation.query("sharp", .anyString, "sharp books, comma-separated (default pinnacle,circa,betcris)"),
      Operation.query("method", .anyString, "devig method (default power)"),
      Operation.query("as_of", .anyString, "ISO 8601 time ages are measured from (default: the newest quote)"),
    ],
    body: [
      "description": """
      mcsim's quotes file, the betting agent's feed or The Odds API v4's events (one, or a list); \
      a quote or event that cannot be read is listed in the answer's `rejected` and the rest are priced
      """,
      "anyOf": [
        .object(["quotes"], ["quotes": ["type": "array"]]), .object(["games"], ["games": ["type": "array"]]),
        .object(["bookmakers"], ["bookmakers": ["type": "array"]]), ["type": "array"],
      ],
    ],
    response: .ref("FairResponse"), errors: bodyErrors)

  static let all: [Operation] = [
    health, apiHealth, openAPI, metrics, board, gamePage, fairBetPage, simulate, batch, tonight, fairBetOdds, fairBetLiveGames, fairBetLive,
    parlayEvaluate, tradeScore, devig, fair,
  ]
}
