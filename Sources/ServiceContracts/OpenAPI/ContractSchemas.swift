import OddsMath
import Simulation

/// The JSON Schemas of the server's contracts, by the name the OpenAPI document gives them.
/// The requests' come from their field declarations (`FieldTypes`: the same list decodes them
/// and names each wrong field in a 422); the responses' are written here, next to the contract
/// types, and the suite checks every response the server gives against them (schemathesis'
/// response conformance, and every key of a real response documented).
package enum ContractSchemas {
  package typealias Schema = JSONSchema

  /// Every schema; `maxSimulations` is the server's ceiling on one request's `n_sims`.
  package static func all(maxSimulations: Int) -> [String: Schema] {
    /// The request's schema with this server's ceiling on `n_sims`.
    func withCeiling(_ fields: FieldTypes, _ note: String) -> Schema {
      var fields = fields
      fields.keywords["n_sims"] = (fields.keywords["n_sims"] ?? [:]).with([
        "maximum": .integer(maxSimulations), "description": .string("at most the server's --max-sims; " + note),
      ])
      return fields.schema
    }
    var schemas = responses
    schemas["SimulateRequest"] = withCeiling(
      SimulateRequest.fieldTypes, "with scenarios and sensitivity, the request simulates 13.5 times n_sims games, at most its --max-total-sims in all"
    )
    schemas["BatchRequest"] = withCeiling(SlateFile.fieldTypes, "games x n_sims at most its --max-total-sims")
    schemas["ParlayEvaluateRequest"] = FairBetParlayRequest.fieldTypes.schema
    return schemas
  }

  /// A price as the odds endpoints read it: a number (decimal odds, or American odds at -100 or
  /// below), or a string in any format `mcsim odds convert` reads.
  static let price: Schema = [
    "type": ["number", "string"],
    "description": "decimal (1.91, \"1.91\"), American (-110, \"+150\") or fractional (\"10/11\"), or \"evens\"",
  ]
  static let numbers: Schema = .array(of: .anyNumber)
  static let strings: Schema = .array(of: .anyString)
  static let tier: Schema = .oneOf(["full", "decent", "thin", nil])
  /// The FairBet endpoints' `sort_by` parameter.
  package static let sortBy: Schema = ["enum": ["ev", "game_time", "market"], "default": "ev"]

  /// The agent's percentiles of a total or a margin, by number ("5") and by name ("p5").
  static let agentPercentiles: Schema = .object(
    ["p5", "p10", "p25", "p50", "p75", "p90", "p95"],
    Dictionary(
      uniqueKeysWithValues: ["5", "10", "25", "50", "75", "90", "95"].flatMap { [($0, Schema.anyNumber), ("p" + $0, .anyNumber)] }))

  /// A market's price source in a slate: the books behind it and the consensus.
  static let priceSource: Schema = .object(
    ["method"],
    [
      "best_books": strings, "book_count": .anyInteger, "fair_probabilities": numbers, "gate": .anyString,
      "method": .anyString, "other_lines": numbers,
    ])

  /// What a batch or slate game carries besides the agent's fields.
  static let slateGameAdditions: [String: Schema] = [
    "home_team": .anyString, "away_team": .anyString, "home_team_id": ["type": ["integer", "string", "null"]],
    "away_team_id": ["type": ["integer", "string", "null"]], "home_ppg": .numberOrNull, "home_opp_ppg": .numberOrNull,
    "away_ppg": .numberOrNull, "away_opp_ppg": .numberOrNull, "home_projection": .numberOrNull,
    "away_projection": .numberOrNull, "home_std": .numberOrNull, "away_std": .numberOrNull, "over_odds": .numberOrNull,
    "under_odds": .numberOrNull, "edge": .numberOrNull, "home_games": .nullable("integer"), "away_games": .nullable("integer"),
    "avg_pace": .numberOrNull, "bookmaker": .stringOrNull, "game_date": .stringOrNull, "start_time": .stringOrNull,
    "best_bet": .nullable("object").with(["description": "the bet of the highest EV among those advised (market, side, line, odds, probability, ev)"]
    ),
    "total_source": ["oneOf": [priceSource, ["type": "null"]]],
    "moneyline": ["oneOf": [.ref("MoneylineMarket"), ["type": "null"]]],
    "spread": ["oneOf": [.ref("SpreadMarket"), ["type": "null"]]],
  ]

  /// The fields of a moneyline and a spread market in a slate game.
  static func sideMarket(_ specific: [String: Schema]) -> Schema {
    .object(
      ["advice", "recommended_bet"],
      [
        "advice": .ref("MarketAdvice"), "home_odds": .anyNumber, "away_odds": .anyNumber, "edge_home": .anyNumber,
        "edge_away": .anyNumber, "ev_home": .anyNumber, "ev_away": .anyNumber, "kelly_home": .anyNumber,
        "kelly_away": .anyNumber, "kelly_home_full": .anyNumber, "kelly_away_full": .anyNumber, "ot_model": .anyString,
        "recommended_bet": .anyString, "source": priceSource,
      ].merging(specific) { $1 })
  }

  /// A devig method's name (any case; an underscore for the hyphen is read too).
  static let methodName: Schema = [
    "type": "string",
    "description": .string((DevigMethod.allCases.map(\.rawValue) + ["all"]).joined(separator: ", ") + "; any case"),
  ]

  static let responses: [String: Schema] = [
    "Error": .object(
      ["success", "error", "errors"],
      [
        "success": .constant(false),
        "error": .object(
          ["status", "message", "request_id"],
          [
            "status": .anyInteger, "message": .anyString, "request_id": .anyString,
            "field": .stringOrNull.with(["description": "the first refused field, null when the failure is not about one"]),
            "value": .stringOrNull.with(["description": "the value given for that field"]),
          ]),
        "errors": .array(
          of: .object(
            ["field", "value", "message"], ["field": .anyString, "value": .anyString, "message": .anyString, "in": .anyString])),
        "detail": [
          "description": "FastAPI's detail, for the agent's clients: its validation list on a 422, the status's reason phrase otherwise",
          "oneOf": [["type": "array"], ["type": "string"]],
        ],
      ]),
    "Analytic": .object(
      ["p_over", "p_under", "p_push", "mean_total", "std_total", "median_total", "p_home_win", "ot_probability"],
      [
        "p_over": .probability, "p_under": .probability, "p_push": .probability, "mean_total": .anyNumber,
        "std_total": .anyNumber, "median_total": .anyNumber, "p_home_win": .probability, "ot_probability": .probability,
      ]),
    "Simulation": .object(
      [
        "n_simulations", "p_over", "p_under", "p_push", "se_over", "se_under", "ci_95_over", "ci_95_under", "mean_total",
        "median_total", "std_total", "percentiles", "ot_games_pct", "correlation_used", "distribution",
      ],
      [
        "n_simulations": .anyInteger, "p_over": .probability, "p_under": .probability, "p_push": .probability,
        "se_over": .anyNumber, "se_under": .anyNumber, "ci_95_over": numbers, "ci_95_under": numbers,
        "mean_total": .anyNumber, "median_total": .anyNumber, "std_total": .anyNumber, "min_total": .anyNumber,
        "max_total": .anyNumber, "percentiles": agentPercentiles, "ot_games_simulated": .anyInteger, "ot_games_pct": .anyNumber,
        "correlation_used": .anyNumber, "distribution": .oneOf(["normal", "skew_normal"]), "inputs": .anyObject,
        "mean_home_score": .anyNumber, "mean_away_score": .anyNumber, "p_home_win": .probability,
        "p_away_win": .probability, "p_tie": .probability, "ci_95_home_win": numbers, "skewness_used": .anyNumber,
        "margin": .object(
          ["mean", "percentiles"], ["mean": .anyNumber, "std": .anyNumber, "percentiles": agentPercentiles]),
        "model": .anyObject, "seed": .anyInteger, "threads": .anyInteger, "elapsed_ms": .anyNumber,
      ]
    ).with(["description": "the agent's block, with mcsim's additions (scores, win probabilities, margin, model, seed)"]),
    "EVMetrics": .object(
      ["ev_over", "ev_under", "edge_over", "edge_under", "recommended_bet"],
      [
        "ev_over": .anyNumber, "ev_under": .anyNumber, "edge_over": .anyNumber, "edge_under": .anyNumber,
        "implied_over": .anyNumber, "implied_under": .anyNumber, "kelly_over_full": .anyNumber,
        "kelly_under_full": .anyNumber, "kelly_over_fractional": .anyNumber, "kelly_under_fractional": .anyNumber,
        "recommended_bet": .anyString, "best_ev": .anyNumber, "best_edge": .anyNumber, "odds_used": .anyObject,
      ]),
    "SideAdvice": .object(
      ["probability_source", "probability", "ev", "edge", "grade", "recommended", "withheld", "stake"],
      [
        "probability_source": .oneOf(["exact", "simulation"]), "probability": .probability, "p_push": .probability,
        "simulated_probability": .probability, "exact_probability": .numberOrNull, "market_probability": .numberOrNull,
        "market_method": .stringOrNull, "market_gap": .numberOrNull, "ev": .anyNumber, "ev_simulated": .anyNumber,
        "edge": .anyNumber, "edge_settled": .anyNumber, "ev_ci_95": numbers, "simulations_needed": .anyInteger,
        "grade": .oneOf(["STRONG_BET", "BET", "LEAN", "NO_BET"]), "recommended": .anyBoolean,
        "withheld": .array(
          of: .oneOf([
            "too_few_simulations", "ev_interval_includes_zero", "model_market_disagree", "below_min_ev", "below_min_edge",
            "same_selection_staked",
          ])),
        "kelly_full": .anyNumber, "stake": .anyNumber,
      ]),
    "MarketAdvice": .object(
      ["probability_source", "recommended_bet"],
      ["probability_source": .oneOf(["exact", "simulation"]), "recommended_bet": .anyString]
    ).with(["additionalProperties": .ref("SideAdvice")]),
    "BetStake": .object(
      ["market", "side", "odds", "stake", "stake_fraction", "joint"],
      [
        "market": .oneOf(["total", "spread", "moneyline"]), "side": .oneOf(["over", "under", "home", "away", "draw"]),
        "line": .numberOrNull, "odds": .anyNumber, "probability": .probability, "ev": .anyNumber, "grade": .anyString,
        "stake": .anyNumber, "stake_fraction": .anyNumber, "single_stake_fraction": .anyNumber, "joint": .anyBoolean,
        "period": .oneOf(GamePeriod.allCases.map(\.rawValue)).with(["description": "the period bet on; absent for the full game"]),
      ]),
    "SimulateResponse": .object(
      ["success", "result"],
      [
        "success": .constant(true),
        "warnings": strings.with([
          "description":
            "mcsim's addition: what the input holds that was read but may not be meant (a price of 100 or more without a sign, read as decimal odds)"
        ]),
        "result": .object(
          ["simulation", "ev_metrics", "direction", "our_probability", "our_ev", "our_kelly"],
          [
            "simulation": .ref("Simulation"), "ev_metrics": .ref("EVMetrics"), "direction": .oneOf(["over", "under"]),
            "our_probability": .probability, "our_ev": .anyNumber, "our_kelly": .anyNumber, "scenarios": .anyObject,
            "sensitivity": .anyObject,
            "analytic": [
              "oneOf": [.ref("Analytic"), ["type": "null"]],
              "description": "the model's exact distribution: with include_exact true, else null",
            ],
            "advice": .ref("MarketAdvice"), "methodology": .anyObject,
            "verdict": .anyString.with(["description": "mcsim's one-word reading of the advice"]),
            "total_histogram": .array(
              of: .object(["from", "to", "p"], ["from": .anyNumber, "to": .anyNumber, "p": .probability])),
          ]),
      ]),
    "BatchGame": .object(
      [],
      [
        "game_id": ["type": ["string", "integer"], "description": "default: AWAY@HOME"], "home_team_abbr": .anyString, "away_team_abbr": .anyString,
        "home_ppg": .anyNumber, "home_opp_ppg": .anyNumber, "away_ppg": .anyNumber, "away_opp_ppg": .anyNumber,
        "home_std_dev": .numberOrNull.with(["default": 10]), "away_std_dev": .numberOrNull.with(["default": 10]),
        "total_line": .numberOrNull, "over_odds": ["type": ["number", "string", "null"], "default": 1.91],
        "under_odds": ["type": ["number", "string", "null"], "default": 1.91],
      ]
    ).with([
      "description": .string(
        """
        One game of a batch: the teams' abbreviations and the four points-per-game figures (or the two \
        projections). A game's missing or invalid value is reported in its own entry's `error` while the \
        rest are evaluated, so the batch answers 200: points per game in [0, \(Int(GameModel.maxProjection))], \
        standard deviations in [\(GameModel.minSD), \(Int(GameModel.maxSD))], a line in (0, 1000), prices as \
        numbers decimal odds in (1, \(Int(Odds.maxDecimal))], as strings any price ("-110", "+150", "10/11"); null (or 0 for a deviation or odds) takes the default; a null line \
        is a game without a line.
        """)
    ]),
    "SlateGame": .object(
      ["game_id", "home_abbr", "away_abbr", "verdict"],
      [
        "game_id": .anyString, "home_abbr": .stringOrNull, "away_abbr": .stringOrNull, "projected": .numberOrNull,
        "line": .numberOrNull, "monte_carlo": .nullable("object"), "ev_metrics": .nullable("object"),
        "verdict": .anyString, "error": .stringOrNull, "advice": .ref("MarketAdvice"), "stakes": .array(of: .ref("BetStake")),
      ].merging(slateGameAdditions) { a, _ in a }),
    "MoneylineMarket": sideMarket([
      "p_home_win": .probability, "p_away_win": .probability, "p_tie": .probability, "ci_95_home_win": numbers,
    ]),
    "SpreadMarket": sideMarket([
      "line": .anyNumber, "p_home_cover": .probability, "p_away_cover": .probability, "p_push": .probability,
      "ci_95_home_cover": numbers,
    ]),
    "SlateResponse": .object(
      ["success", "n_games", "n_sims_per_game", "games"],
      [
        "success": .constant(true), "n_games": .anyInteger, "n_sims_per_game": .anyInteger, "n_simulations": .anyInteger,
        "warnings": strings.with([
          "description":
            "mcsim's addition: what the input holds that was read but may not be meant (a price of 100 or more without a sign, read as decimal odds)"
        ]),
        "games": .array(of: .ref("SlateGame")), "methodology": .anyObject, "total_exposure": .anyNumber,
        "total_exposure_fraction": .anyNumber, "bankroll": .anyNumber, "exposure_scaled": .anyBoolean,
        "n_failed": .anyInteger, "seed": .anyInteger, "threads": .anyInteger, "elapsed_ms": .anyNumber,
        "inputs": .object(
          ["notes", "rejected"],
          [
            "notes": strings, "rejected": .array(of: .anyObject), "slate": .anyString, "odds": .anyString,
            "odds_format": .anyString, "stats": .anyString,
          ]),
        "unmatched": .array(
          of: .object(["reason"], ["home": .anyString, "away": .anyString, "event": .anyString, "reason": .anyString])),
      ]),
    "SourceStatus": .object(
      ["status", "odds", "updated_at", "changed_at", "age_seconds", "last_error", "warning", "stale_after_seconds"],
      [
        "status": .oneOf(["healthy", "degraded"]).with([
          "description": "degraded once the lines are older than stale_after_seconds, or were never read"
        ]),
        "odds": .anyString, "stats": .stringOrNull, "updated_at": .stringOrNull, "age_seconds": .numberOrNull,
        "changed_at": .stringOrNull.with([
          "description": "when what was read last changed (a refresh that reads the same bytes keeps it); pages reload on it"
        ]),
        "last_error": .stringOrNull, "refresh_seconds": .anyNumber,
        "warning": .stringOrNull.with([
          "description": "why the last good lines are kept though the last read worked (a feed that answered no games)"
        ]),
        "stale_after_seconds": .anyNumber,
      ]),
    "TonightResponse": [
      "allOf": [.ref("SlateResponse"), .object(["source", "methodology"], ["source": .ref("SourceStatus")])]
    ],
    "FairBetBook": .object(
      ["book", "price", "observed_at", "ev_percent", "implied_prob", "is_sharp", "ev_method", "ev_confidence_tier"],
      [
        "book": .anyString, "book_key": .anyString, "price": .anyNumber, "observed_at": .dateTime, "ev_percent": .numberOrNull,
        "display_ev": .numberOrNull, "implied_prob": .anyNumber, "true_prob": .numberOrNull, "is_sharp": .anyBoolean,
        "is_stale": .anyBoolean, "ev_method": .anyString, "ev_confidence_tier": tier, "book_abbr": .anyString,
        "price_decimal": .anyNumber, "ev_tier": .oneOf(["strong_positive", "positive", "negative", "neutral", nil]),
      ]),
    "FairBetBet": .object(
      [
        "game_id", "league_code", "home_team", "away_team", "game_date", "market_key", "selection_key", "line_value",
        "true_prob", "reference_price", "ev_confidence_tier", "ev_disabled_reason", "has_fair", "fair_american_odds",
        "books",
      ],
      [
        "game_id": .anyInteger, "league_code": .anyString, "home_team": .anyString, "away_team": .anyString,
        "game_date": .dateTime, "market_key": .anyString, "selection_key": .anyString, "line_value": .anyNumber,
        "market_category": .anyString, "player_name": .stringOrNull, "true_prob": .numberOrNull,
        "reference_price": .nullable("integer"), "opposite_reference_price": .nullable("integer"),
        "ev_confidence_tier": tier, "ev_disabled_reason": .stringOrNull, "ev_method": .anyString,
        "has_fair": .anyBoolean, "fair_american_odds": .nullable("integer"), "selection_display": .anyString,
        "market_display_name": .anyString, "best_book": .stringOrNull, "best_book_name": .stringOrNull,
        "best_ev_percent": .numberOrNull, "books": .array(of: .ref("FairBetBook")),
        "sharp_confidence": .oneOf(["high", "medium", "low"]), "bet": .anyString,
      ]),
    "FairBetResponse": .object(
      ["bets", "total", "books_available", "market_categories_available", "games_available", "ev_diagnostics"],
      [
        "bets": .array(of: .ref("FairBetBet")), "total": .anyInteger, "books_available": strings,
        "market_categories_available": strings,
        "games_available": .array(
          of: .object(
            ["game_id", "matchup", "game_date"], ["game_id": .anyInteger, "matchup": .anyString, "game_date": .anyString])),
        "ev_diagnostics": ["type": "object", "additionalProperties": .anyInteger], "ev_config": .anyObject,
        "limit": .anyInteger, "offset": .anyInteger, "has_more": .anyBoolean, "as_of": .anyString, "sharp_books": strings,
        "source": .ref("SourceStatus"),
      ]),
    "FairBetLiveGame": .object(
      ["game_id", "league_code", "home_team", "away_team", "game_date", "status"],
      [
        "game_id": .anyInteger, "league_code": .anyString, "home_team": .anyString, "away_team": .anyString,
        "game_date": .anyString, "status": .anyString,
      ]),
    "FairBetLiveResponse": .object(
      ["game_id", "bets", "total", "books_available"],
      [
        "game_id": .anyInteger, "league_code": .anyString, "home_team": .anyString, "away_team": .anyString,
        "bets": .array(of: .ref("FairBetBet")), "total": .anyInteger, "books_available": strings,
        "market_categories_available": strings, "last_updated_at": .stringOrNull, "ev_diagnostics": .anyObject,
        "source": .ref("SourceStatus"),
      ]),
    "ParlayEvaluateResponse": .object(
      ["fair_probability", "fair_american_odds", "confidence", "leg_count"],
      [
        "fair_probability": .probability, "fair_american_odds": .anyInteger,
        "confidence": .oneOf(["full", "decent", "thin", "none"]), "leg_count": .anyInteger,
        "independent_probability": .probability, "correlation_lift": .anyNumber, "legs": ["type": "array"],
      ]),
    "TradePlayer": .object(
      ["price", "breakeven", "proj_scores"],
      [
        "price": ["type": "number", "minimum": 0], "breakeven": .anyNumber,
        "proj_scores": ["type": "array", "items": .anyNumber, "minItems": 5, "maxItems": 5], "is_red_dot": .anyBoolean,
      ]),
    "TradeRequest": .object(
      ["player_in", "player_out", "round_number", "team_value", "league_avg_value"],
      [
        "player_in": .ref("TradePlayer"), "player_out": .ref("TradePlayer"),
        "round_number": ["type": "integer", "minimum": 1, "maximum": 30],
        "team_value": ["type": "number", "exclusiveMinimum": 0], "league_avg_value": ["type": "number", "exclusiveMinimum": 0],
      ]),
    "IOSTradeRequest": .object(
      ["player_in_id", "player_out_id", "current_team"],
      [
        "player_in_id": ["type": ["integer", "string"]], "player_out_id": ["type": ["integer", "string"]],
        "budget": ["type": "number", "minimum": 0],
        "current_team": .array(of: ["type": ["integer", "string", "object"]]),
      ]),
    "TradeResponse": .object(
      ["score", "confidence", "factors", "recommendation"],
      [
        "trade_score": .anyNumber, "scoring_score": .anyNumber, "cash_score": .anyNumber, "overall_score": .anyNumber,
        "score_breakdown": .anyObject, "price_projections": .anyObject, "flags": .anyObject, "verdict": .anyString,
        "explanations": strings, "recommendation": .anyString, "score": .anyNumber, "confidence": .probability,
        "factors": .object(
          ["form_factor", "price_factor", "fixture_factor", "ownership_factor", "injury_risk"],
          Dictionary(
            uniqueKeysWithValues: ["form_factor", "price_factor", "fixture_factor", "ownership_factor", "injury_risk"].map {
              ($0, Schema.anyNumber)
            })),
        "simulation": .anyObject, "status": .anyString,
        "projected_prices": .object(["player_in", "player_out"], ["player_in": numbers, "player_out": numbers]),
        "projected_scores": .object(["player_in", "player_out"], ["player_in": numbers, "player_out": numbers]),
      ]),
    "DevigRequest": .object(
      ["prices"],
      [
        "prices": [
          "type": "array", "minItems": 2, "maxItems": 200, "items": price,
          "description": "decimal numbers, or strings: decimal, American (-110, +150), fractional (10/11)",
        ],
        "outcomes": strings,
        "method": [
          "anyOf": [methodName, .array(of: methodName)],
          "description": "a devig method or a list of them; all is every method (each computed once)",
        ],
      ]),
    "DevigResponse": .object(
      ["success", "outcomes", "implied", "margin", "results"],
      [
        "success": .constant(true), "outcomes": strings, "implied": numbers, "margin": .anyNumber, "hold": .anyNumber,
        "warnings": strings.with([
          "description":
            "mcsim's addition: what the input holds that was read but may not be meant (a price of 100 or more without a sign, read as decimal odds)"
        ]),
        "results": .array(
          of: .object(
            ["method", "probabilities", "margin"],
            [
              "method": .anyString, "probabilities": numbers, "margin": .anyNumber, "outcomes": strings, "warnings": strings,
              "k": .anyNumber.with(["description": "power: the exponent"]),
              "z": .anyNumber.with(["description": "shin: the insider share"]),
              "c": .anyNumber.with(["description": "odds-ratio: the ratio"]),
            ])),
      ]),
    "FairResponse": .object(
      ["as_of", "bets"],
      [
        "as_of": .anyString, "bets": .array(of: .anyObject),
        "warnings": strings.with([
          "description":
            "mcsim's addition: what the input holds that was read but may not be meant (a price of 100 or more without a sign, read as decimal odds)"
        ]),
      ]),
  ]
}
