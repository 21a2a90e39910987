#!/usr/bin/env python3
"""Writes Sources/MCSimServer/Resources/openapi.json: the OpenAPI 3.1 document of `mcsim serve`.

The server ships this file at GET /openapi.json; MCSimServerTests checks that every route the
server answers is in it and fuzzes the server from it with schemathesis. Run after changing an
endpoint:  python3 scripts/openapi_document.py
"""
import json
import sys
import pathlib

NUM = {"type": "number"}
INT = {"type": "integer"}
STR = {"type": "string"}
BOOL = {"type": "boolean"}
NUM_OR_NULL = {"type": ["number", "null"]}
STR_OR_NULL = {"type": ["string", "null"]}
PROB = {"type": "number", "minimum": 0, "maximum": 1}


def obj(required, properties, extra=True):
    return {"type": "object", "required": required, "properties": properties, "additionalProperties": extra}


def ref(name):
    return {"$ref": f"#/components/schemas/{name}"}


def json_body(schema, description=""):
    return {"description": description or "OK", "content": {"application/json": {"schema": schema}}}


ERRORS = {
    "400": json_body(ref("Error"), "Broken HTTP framing: a body shorter than its Content-Length, a malformed chunk (the connection is closed)"),
    "408": json_body(ref("Error"), "The body did not arrive within the server's body timeout (--body-timeout)"),
    "401": json_body(ref("Error"), "Missing or invalid X-API-Key (with --api-keys)"),
    "404": json_body(ref("Error"), "No such endpoint"),
    "413": json_body(ref("Error"), "Body over the server's limit (--max-body)"),
    "422": json_body(ref("Error"), "Malformed JSON, a wrong type, a missing field or an invalid value: each named"),
    "503": json_body(ref("Error"), "The simulation pool is full (Retry-After says when to retry), or no source is configured"),
}


def errors(*codes):
    return {c: ERRORS[c] for c in codes}


percentiles = obj(["p5", "p10", "p25", "p50", "p75", "p90", "p95"], {k: NUM for k in ["p5", "p10", "p25", "p50", "p75", "p90", "p95"]})

schemas = {
    "Error": obj(["success", "error", "errors"], {
        "success": {"const": False},
        "error": obj(["status", "message", "request_id"], {
            "status": INT, "message": STR, "request_id": STR,
            "field": {"type": ["string", "null"], "description": "the first refused field, null when the failure is not about one"},
            "value": {"type": ["string", "null"], "description": "the value given for that field"},
        }),
        "errors": {"type": "array", "items": obj(["field", "value", "message"], {"field": STR, "value": STR, "message": STR, "in": STR})},
        "detail": {"type": "array", "description": "FastAPI's validation list, for the agent's clients (422 only)"},
    }),
    "SimulateRequest": obj(["home_projection", "away_projection", "total_line"], {
        "home_projection": {"type": "number", "minimum": 0, "maximum": 1000},
        "away_projection": {"type": "number", "minimum": 0, "maximum": 1000},
        "home_std_dev": {"type": "number", "exclusiveMinimum": 0, "default": 10},
        "away_std_dev": {"type": "number", "exclusiveMinimum": 0, "default": 10},
        "total_line": NUM,
        "over_odds": {"type": "number", "exclusiveMinimum": 1, "default": 1.91, "description": "decimal odds"},
        "under_odds": {"type": "number", "exclusiveMinimum": 1, "default": 1.91},
        "n_sims": {"type": "integer", "minimum": 1, "default": 10000, "description": "at most the server's --max-sims"},
        "include_scenarios": {"type": "boolean", "default": True},
        "include_sensitivity": {"type": "boolean", "default": True},
        "include_exact": {"type": "boolean", "default": False,
                          "description": "mcsim's addition: grade on the exact distribution and show its block (`analytic`)"},
    }),
    "Analytic": obj(["p_over", "p_under", "p_push", "mean_total", "std_total", "median_total", "p_home_win", "ot_probability"], {
        "p_over": PROB, "p_under": PROB, "p_push": PROB, "mean_total": NUM, "std_total": NUM, "median_total": NUM,
        "p_home_win": PROB, "ot_probability": PROB,
    }),
    "Simulation": obj(["n_simulations", "p_over", "p_under", "p_push", "se_over", "se_under", "ci_95_over", "ci_95_under",
                       "mean_total", "median_total", "std_total", "percentiles", "ot_games_pct", "correlation_used", "distribution"], {
        "n_simulations": INT, "p_over": PROB, "p_under": PROB, "p_push": PROB, "se_over": NUM, "se_under": NUM,
        "ci_95_over": {"type": "array", "items": NUM}, "ci_95_under": {"type": "array", "items": NUM},
        "mean_total": NUM, "median_total": NUM, "std_total": NUM, "min_total": NUM, "max_total": NUM,
        "percentiles": percentiles, "ot_games_simulated": INT, "ot_games_pct": NUM, "correlation_used": NUM,
        "distribution": {"enum": ["normal", "skew_normal"]}, "inputs": {"type": "object"},
    }),
    "EVMetrics": obj(["ev_over", "ev_under", "edge_over", "edge_under", "recommended_bet"], {
        "ev_over": NUM, "ev_under": NUM, "edge_over": NUM, "edge_under": NUM, "implied_over": NUM, "implied_under": NUM,
        "kelly_over_full": NUM, "kelly_under_full": NUM, "kelly_over_fractional": NUM, "kelly_under_fractional": NUM,
        "recommended_bet": STR, "best_ev": NUM, "best_edge": NUM, "odds_used": {"type": "object"},
    }),
    "SideAdvice": obj(["probability_source", "probability", "ev", "edge", "grade", "recommended", "withheld", "stake"], {
        "probability_source": {"enum": ["exact", "simulation"]}, "probability": PROB, "p_push": PROB,
        "simulated_probability": PROB, "exact_probability": {"type": ["number", "null"]},
        "market_probability": {"type": ["number", "null"]}, "market_method": STR_OR_NULL, "market_gap": NUM_OR_NULL,
        "ev": NUM, "ev_simulated": NUM, "edge": NUM, "ev_ci_95": {"type": "array", "items": NUM},
        "simulations_needed": INT, "grade": {"enum": ["STRONG_BET", "BET", "LEAN", "NO_BET"]}, "recommended": BOOL,
        "withheld": {"type": "array", "items": {"enum": ["too_few_simulations", "ev_interval_includes_zero",
                                                         "model_market_disagree", "below_min_ev", "below_min_edge"]}},
        "kelly_full": NUM, "stake": NUM,
    }),
    "MarketAdvice": obj(["probability_source", "recommended_bet"], {
        "probability_source": {"enum": ["exact", "simulation"]}, "recommended_bet": STR,
    }, {"$ref": "#/components/schemas/SideAdvice"}),
    "BetStake": obj(["market", "side", "odds", "stake", "stake_fraction", "joint"], {
        "market": {"enum": ["total", "spread", "moneyline"]}, "side": {"enum": ["over", "under", "home", "away"]},
        "line": NUM_OR_NULL, "odds": NUM, "probability": PROB, "ev": NUM, "grade": STR, "stake": NUM,
        "stake_fraction": NUM, "single_stake_fraction": NUM, "joint": BOOL,
    }),
    "SimulateResponse": obj(["success", "result"], {
        "success": {"const": True},
        "result": obj(["simulation", "ev_metrics", "direction", "our_probability", "our_ev", "our_kelly"], {
            "simulation": ref("Simulation"), "ev_metrics": ref("EVMetrics"), "direction": {"enum": ["over", "under"]},
            "our_probability": PROB, "our_ev": NUM, "our_kelly": NUM,
            "scenarios": {"type": "object"}, "sensitivity": {"type": "object"},
            "analytic": {"oneOf": [ref("Analytic"), {"type": "null"}],
                         "description": "the model's exact distribution: with include_exact true, else null"},
            "advice": ref("MarketAdvice"), "methodology": {"type": "object"},
        }),
    }),
    "BatchGame": obj(["game_id", "home_team_abbr", "away_team_abbr", "home_ppg", "home_opp_ppg", "away_ppg", "away_opp_ppg"], {
        "game_id": {"type": ["string", "integer"]}, "home_team_abbr": STR, "away_team_abbr": STR,
        "home_ppg": {"type": "number", "minimum": 0, "maximum": 1000}, "home_opp_ppg": {"type": "number", "minimum": 0, "maximum": 1000},
        "away_ppg": {"type": "number", "minimum": 0, "maximum": 1000}, "away_opp_ppg": {"type": "number", "minimum": 0, "maximum": 1000},
        "home_std_dev": {"type": "number", "exclusiveMinimum": 0, "default": 10},
        "away_std_dev": {"type": "number", "exclusiveMinimum": 0, "default": 10},
        "total_line": NUM_OR_NULL,
        "over_odds": {"type": "number", "exclusiveMinimum": 1, "default": 1.91},
        "under_odds": {"type": "number", "exclusiveMinimum": 1, "default": 1.91},
    }),
    "BatchRequest": obj(["games"], {
        "games": {"type": "array", "items": ref("BatchGame"), "maxItems": 500},
        "n_sims": {"type": "integer", "minimum": 1, "default": 10000,
                   "description": "at most the server's --max-sims; games x n_sims at most its --max-total-sims"},
        "seed": {"type": "integer", "minimum": 0, "description": "mcsim's addition: the seed (default: the server's --seed)"},
        "include_exact": {"type": "boolean", "default": False,
                          "description": "mcsim's addition: grade each game on its model's exact distribution"},
        "model": {"type": "object", "description": "model settings for every game (home_sd, away_sd, rho, ot_model, "
                  "ot_rate, ot_points, ot_sd, score_floor, skew); an invalid one is a 422 naming each field"},
    }),
    "SlateGame": obj(["game_id", "home_abbr", "away_abbr", "verdict"], {
        "game_id": STR, "home_abbr": STR_OR_NULL, "away_abbr": STR_OR_NULL, "projected": NUM_OR_NULL, "line": NUM_OR_NULL,
        "monte_carlo": {"type": ["object", "null"]}, "ev_metrics": {"type": ["object", "null"]}, "verdict": STR,
        "error": STR_OR_NULL, "advice": ref("MarketAdvice"), "stakes": {"type": "array", "items": ref("BetStake")},
    }),
    "SlateResponse": obj(["success", "n_games", "n_sims_per_game", "games"], {
        "success": {"const": True}, "n_games": INT, "n_sims_per_game": INT, "n_simulations": INT,
        "games": {"type": "array", "items": ref("SlateGame")}, "methodology": {"type": "object"},
        "total_exposure": NUM, "total_exposure_fraction": NUM, "bankroll": NUM, "exposure_scaled": BOOL,
    }),
    "SourceStatus": obj(["status", "odds", "updated_at", "age_seconds", "last_error", "warning", "stale_after_seconds"], {
        "status": {"enum": ["healthy", "degraded"], "description": "degraded once the lines are older than stale_after_seconds, or were never read"},
        "odds": STR, "stats": STR_OR_NULL, "updated_at": STR_OR_NULL, "age_seconds": NUM_OR_NULL,
        "last_error": STR_OR_NULL, "refresh_seconds": NUM,
        "warning": {"type": ["string", "null"], "description": "why the last good lines are kept though the last read worked (a feed that answered no games)"},
        "stale_after_seconds": NUM,
    }),
    "TonightResponse": {"allOf": [ref("SlateResponse"), obj(["source", "methodology"], {"source": ref("SourceStatus")})]},
    "FairBetBook": obj(["book", "price", "observed_at", "ev_percent", "implied_prob", "is_sharp", "ev_method", "ev_confidence_tier"], {
        "book": STR, "price": NUM, "observed_at": {"type": "string", "format": "date-time"}, "ev_percent": NUM_OR_NULL,
        "display_ev": NUM_OR_NULL, "implied_prob": NUM, "true_prob": NUM_OR_NULL, "is_sharp": BOOL, "is_stale": BOOL,
        "ev_method": STR, "ev_confidence_tier": {"enum": ["full", "decent", "thin", None]}, "book_abbr": STR,
        "price_decimal": NUM, "ev_tier": {"enum": ["strong_positive", "positive", "negative", "neutral", None]},
    }),
    "FairBetBet": obj(["game_id", "league_code", "home_team", "away_team", "game_date", "market_key", "selection_key",
                       "line_value", "true_prob", "reference_price", "ev_confidence_tier", "ev_disabled_reason", "has_fair",
                       "fair_american_odds", "books"], {
        "game_id": INT, "league_code": STR, "home_team": STR, "away_team": STR, "game_date": {"type": "string", "format": "date-time"},
        "market_key": STR, "selection_key": STR, "line_value": NUM, "market_category": STR, "player_name": STR_OR_NULL,
        "true_prob": NUM_OR_NULL, "reference_price": {"type": ["integer", "null"]}, "opposite_reference_price": {"type": ["integer", "null"]},
        "ev_confidence_tier": {"enum": ["full", "decent", "thin", None]}, "ev_disabled_reason": STR_OR_NULL, "ev_method": STR,
        "has_fair": BOOL, "fair_american_odds": {"type": ["integer", "null"]}, "selection_display": STR, "market_display_name": STR,
        "best_book": STR_OR_NULL, "best_book_name": STR_OR_NULL, "best_ev_percent": NUM_OR_NULL,
        "books": {"type": "array", "items": ref("FairBetBook")}, "sharp_confidence": {"enum": ["high", "medium", "low"]}, "bet": STR,
    }),
    "FairBetResponse": obj(["bets", "total", "books_available", "market_categories_available", "games_available", "ev_diagnostics"], {
        "bets": {"type": "array", "items": ref("FairBetBet")}, "total": INT,
        "books_available": {"type": "array", "items": STR}, "market_categories_available": {"type": "array", "items": STR},
        "games_available": {"type": "array", "items": obj(["game_id", "matchup", "game_date"], {"game_id": INT, "matchup": STR, "game_date": STR})},
        "ev_diagnostics": {"type": "object", "additionalProperties": INT}, "ev_config": {"type": "object"},
        "limit": INT, "offset": INT, "has_more": BOOL, "as_of": STR, "sharp_books": {"type": "array", "items": STR},
        "source": ref("SourceStatus"),
    }),
    "FairBetLiveGame": obj(["game_id", "league_code", "home_team", "away_team", "game_date", "status"], {
        "game_id": INT, "league_code": STR, "home_team": STR, "away_team": STR, "game_date": STR, "status": STR}),
    "FairBetLiveResponse": obj(["game_id", "bets", "total", "books_available"], {
        "game_id": INT, "league_code": STR, "home_team": STR, "away_team": STR, "bets": {"type": "array", "items": ref("FairBetBet")},
        "total": INT, "books_available": {"type": "array", "items": STR}, "market_categories_available": {"type": "array", "items": STR},
        "last_updated_at": STR_OR_NULL, "ev_diagnostics": {"type": "object"}, "source": ref("SourceStatus"),
    }),
    "ParlayEvaluateRequest": obj(["legs"], {"legs": {"type": "array", "minItems": 2, "maxItems": 20, "items": obj(
        ["game_id", "market_key", "selection_key"], {"game_id": INT, "market_key": STR, "selection_key": STR, "line_value": NUM_OR_NULL})}}),
    "ParlayEvaluateResponse": obj(["fair_probability", "fair_american_odds", "confidence", "leg_count"], {
        "fair_probability": PROB, "fair_american_odds": INT, "confidence": {"enum": ["full", "decent", "thin", "none"]},
        "leg_count": INT, "independent_probability": PROB, "correlation_lift": NUM, "legs": {"type": "array"}}),
    "TradePlayer": obj(["price", "breakeven", "proj_scores"], {
        "price": {"type": "number", "minimum": 0}, "breakeven": NUM,
        "proj_scores": {"type": "array", "items": NUM, "minItems": 5, "maxItems": 5}, "is_red_dot": BOOL,
    }),
    "TradeRequest": obj(["player_in", "player_out", "round_number", "team_value", "league_avg_value"], {
        "player_in": ref("TradePlayer"), "player_out": ref("TradePlayer"),
        "round_number": {"type": "integer", "minimum": 1, "maximum": 30},
        "team_value": {"type": "number", "exclusiveMinimum": 0}, "league_avg_value": {"type": "number", "exclusiveMinimum": 0},
    }),
    "IOSTradeRequest": obj(["player_in_id", "player_out_id", "current_team"], {
        "player_in_id": {"type": ["integer", "string"]}, "player_out_id": {"type": ["integer", "string"]},
        "budget": {"type": "number", "minimum": 0}, "current_team": {"type": "array", "items": {"type": ["integer", "string", "object"]}},
    }),
    "TradeResponse": obj(["score", "confidence", "factors", "recommendation"], {
        "trade_score": NUM, "scoring_score": NUM, "cash_score": NUM, "overall_score": NUM,
        "score_breakdown": {"type": "object"}, "price_projections": {"type": "object"}, "flags": {"type": "object"},
        "verdict": STR, "explanations": {"type": "array", "items": STR}, "recommendation": STR,
        "score": NUM, "confidence": PROB,
        "factors": obj(["form_factor", "price_factor", "fixture_factor", "ownership_factor", "injury_risk"], {
            k: NUM for k in ["form_factor", "price_factor", "fixture_factor", "ownership_factor", "injury_risk"]}),
        "simulation": {"type": "object"},
    }),
    "DevigRequest": obj(["prices"], {
        "prices": {"type": "array", "minItems": 2, "items": {"type": ["number", "string"]},
                   "description": "decimal numbers, or strings: decimal, American (-110, +150), fractional (10/11)"},
        "outcomes": {"type": "array", "items": STR},
        "method": {"type": ["string", "array"], "description": "multiplicative, additive, power, shin, odds-ratio, logarithmic or all"},
    }),
    "DevigResponse": obj(["success", "outcomes", "implied", "margin", "results"], {
        "success": {"const": True}, "outcomes": {"type": "array", "items": STR}, "implied": {"type": "array", "items": NUM},
        "margin": NUM, "hold": NUM,
        "results": {"type": "array", "items": obj(["method", "probabilities", "margin"], {
            "method": STR, "probabilities": {"type": "array", "items": NUM}, "margin": NUM})},
    }),
    "FairResponse": obj(["as_of", "bets"], {"as_of": STR, "bets": {"type": "array", "items": {"type": "object"}}}),
}

def query(name, schema, description):
    return {"name": name, "in": "query", "required": False, "schema": schema, "description": description}

paths = {
    "/health": {"get": {"summary": "The betting agent's health body", "responses": {
        "200": json_body(obj(["status", "service"], {"status": {"enum": ["healthy", "degraded"]}, "service": {"const": "nba-betting-agent"}}))}}},
    "/api/health": {"get": {"summary": "mcsim's health: pool load and live source state", "responses": {
        "200": json_body(obj(["status", "service", "version", "pool"], {"status": {"enum": ["healthy", "degraded"]}, "service": STR, "version": STR, "pool": {"type": "object"}}))}}},
    "/openapi.json": {"get": {"summary": "This document", "responses": {"200": json_body({"type": "object"})}}},
    "/metrics": {"get": {"summary": "Prometheus metrics", "responses": {
        "200": {"description": "Prometheus text exposition", "content": {"text/plain": {"schema": STR}}}}}},
    "/api/monte-carlo/simulate": {"post": {
        "summary": "The agent's one-game simulation (scenarios and sensitivity by default, as the agent)",
        "requestBody": {"required": True, "content": {"application/json": {"schema": ref("SimulateRequest")}}},
        "responses": {"200": json_body(ref("SimulateResponse")), **errors("400", "408", "413", "422", "503")}}},
    "/api/monte-carlo/batch": {"post": {
        "summary": "The agent's batch: every game evaluated, a game without a line reported for itself",
        "requestBody": {"required": True, "content": {"application/json": {"schema": ref("BatchRequest")}}},
        "responses": {"200": json_body(ref("SlateResponse")), **errors("400", "408", "413", "422", "503")}}},
    "/api/tonight/totals": {"get": {
        "summary": "Tonight's totals from the configured feed and stats (last good copy with its age on a failed refresh)",
        "responses": {"200": json_body(ref("TonightResponse")), **errors("503")}}},
    "/api/fairbet/odds": {"get": {
        "summary": "The FairBet client's pre-game bets with server-side EV (the real server's snake_case contract)",
        "parameters": [
            query("league", STR, "league code, e.g. NBA"),
            query("market_category", STR, "mainline, player_prop, team_prop or alternate"),
            query("exclude_categories", STR, "categories left out (repeat the parameter)"),
            query("game_id", INT, "one game"),
            query("book", STR, "show that book's prices and the sharp ones"),
            query("player_name", STR, "player name contains (any case)"),
            query("min_ev", NUM, "some book's EV at least this (percent)"),
            query("has_fair", BOOL, "only bets with (or without) a fair probability"),
            query("sort_by", {"enum": ["ev", "game_time", "market"], "default": "ev"}, "order"),
            query("limit", {"type": "integer", "minimum": 1, "maximum": 500, "default": 100}, "page size"),
            query("offset", {"type": "integer", "minimum": 0, "default": 0}, "first bet of the page"),
        ],
        "responses": {"200": json_body(ref("FairBetResponse")), **errors("401", "422", "503")}}},
    "/api/fairbet/live/games": {"get": {
        "summary": "Games under way (started less than 4 hours ago), as a bare array",
        "parameters": [query("league", STR, "league code, e.g. NBA")],
        "responses": {"200": json_body({"type": "array", "items": ref("FairBetLiveGame")}), **errors("401", "503")}}},
    "/api/fairbet/live": {"get": {
        "summary": "One game under way: its bets with EV against the sharp consensus",
        "parameters": [
            {"name": "game_id", "in": "query", "required": True, "schema": INT, "description": "the game (from /api/fairbet/live/games)"},
            query("market_category", STR, "mainline, player_prop, team_prop or alternate"),
            query("sort_by", {"enum": ["ev", "game_time", "market"], "default": "ev"}, "order"),
        ],
        "responses": {"200": json_body(ref("FairBetLiveResponse")), **errors("401", "404", "422", "503")}}},
    "/api/fairbet/parlay/evaluate": {"post": {
        "summary": "A parlay of FairBet bets: fair probability with same-game legs correlated by the game model",
        "requestBody": {"required": True, "content": {"application/json": {"schema": ref("ParlayEvaluateRequest")}}},
        "responses": {"200": json_body(ref("ParlayEvaluateResponse")), **errors("400", "401", "408", "413", "422", "503")}}},
    "/api/trade_score": {"post": {
        "summary": "AFL trade score: the Python API's shape, or the iOS client's (with --trade-pool)",
        "parameters": [
            query("n_sims", {"type": "integer", "minimum": 1, "default": 10000}, "simulated draws"),
            query("seed", {"type": "integer", "minimum": 0}, "seed (default: the server's)"),
            query("deterministic", {"type": "boolean", "default": False}, "the original formula only"),
        ],
        "requestBody": {"required": True, "content": {"application/json": {"schema": {"oneOf": [ref("TradeRequest"), ref("IOSTradeRequest")]}}}},
        "responses": {"200": json_body(ref("TradeResponse")), **errors("400", "408", "413", "422", "503")}}},
    "/api/odds/devig": {"post": {
        "summary": "Fair probabilities of one book's market",
        "requestBody": {"required": True, "content": {"application/json": {"schema": ref("DevigRequest")}}},
        "responses": {"200": json_body(ref("DevigResponse")), **errors("400", "408", "413", "422", "503")}}},
    "/api/odds/fair": {"post": {
        "summary": "Fair odds, EV per book, gates and tiers of a quotes file or odds feed (the body)",
        "parameters": [
            query("sharp", STR, "sharp books, comma-separated (default pinnacle,circa,betcris)"),
            query("method", STR, "devig method (default power)"),
            query("as_of", STR, "ISO 8601 time ages are measured from (default: the newest quote)"),
        ],
        "requestBody": {"required": True, "content": {"application/json": {"schema": {"type": ["object", "array"]}}}},
        "responses": {"200": json_body(ref("FairResponse")), **errors("400", "408", "413", "422", "503")}}},
}

document = {
    "openapi": "3.1.0",
    "info": {"title": "mcsim serve", "version": "0.2.0",
             "description": "The betting agent's, the fair-odds service's and the AFL trade API's endpoints, answered by mcsim."},
    "servers": [{"url": "http://127.0.0.1:8001"}],
    "paths": paths,
    "components": {"schemas": schemas},
}

# A path argument writes there instead (the test suite checks the checked-in file is the script's).
out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else \
    pathlib.Path(__file__).resolve().parent.parent / "Sources/MCSimServer/Resources/openapi.json"
out.write_text(json.dumps(document, indent=1, sort_keys=True) + "\n")
print(f"wrote {out}")
