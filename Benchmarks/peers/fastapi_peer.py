#!/usr/bin/env python3
"""FastAPI + NumPy peer of the betting agent's POST /api/monte-carlo/simulate.

The replaced service's stack: FastAPI on uvicorn, the model vectorised with NumPy
(numpy_peer.simulate_game), the agent's request fields and defaults and its response shape
(`success`, `result.simulation`, `result.ev_metrics`, `direction`, `our_*`). The serve benchmark
(Benchmarks/ServeBenchmarks.swift) loads it with wrk beside `mcsim serve`, in the same run:

    python3 -m uvicorn fastapi_peer:app --app-dir Benchmarks/peers --port 8002 --workers 2

Scenarios and sensitivity are not implemented here: the benchmark asks for neither.
"""

import os
import sys

import numpy as np
from fastapi import FastAPI
from pydantic import BaseModel, Field

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numpy_peer  # noqa: E402

app = FastAPI(title="betting agent peer")
rng = np.random.default_rng(20240101)


class SimulateRequest(BaseModel):
    home_projection: float
    away_projection: float
    home_std_dev: float = Field(10.0, gt=0)
    away_std_dev: float = Field(10.0, gt=0)
    total_line: float
    over_odds: float = Field(1.91, gt=1)
    under_odds: float = Field(1.91, gt=1)
    n_sims: int = Field(10000, ge=1, le=10_000_000)
    include_scenarios: bool = True
    include_sensitivity: bool = True


def ev_metrics(p_over, p_under, over_odds, under_odds):
    def kelly(p, odds):
        b = odds - 1
        return max(0.0, (b * p - (1 - p)) / b)

    ev_over = p_over * (over_odds - 1) - (1 - p_over)
    ev_under = p_under * (under_odds - 1) - (1 - p_under)
    best = max(ev_over, ev_under)
    side = "OVER" if ev_over >= ev_under else "UNDER"
    if best > 0.06:
        rec = "STRONG_BET_" + side
    elif best > 0.03:
        rec = "BET_" + side
    elif best > 0:
        rec = "LEAN_" + side
    else:
        rec = "NO_BET"
    return {
        "ev_over": ev_over, "ev_under": ev_under,
        "edge_over": p_over - 1 / over_odds, "edge_under": p_under - 1 / under_odds,
        "implied_over": 1 / over_odds, "implied_under": 1 / under_odds,
        "kelly_over_full": kelly(p_over, over_odds), "kelly_under_full": kelly(p_under, under_odds),
        "kelly_over_fractional": min(0.05, kelly(p_over, over_odds) / 4),
        "kelly_under_fractional": min(0.05, kelly(p_under, under_odds) / 4),
        "recommended_bet": rec, "best_ev": best,
        "best_edge": max(p_over - 1 / over_odds, p_under - 1 / under_odds),
        "odds_used": {"over": over_odds, "under": under_odds},
    }


@app.get("/health")
def health():
    return {"status": "healthy", "service": "nba-betting-agent"}


@app.post("/api/monte-carlo/simulate")
def simulate(req: SimulateRequest):
    n = req.n_sims
    s = numpy_peer.simulate_game(
        rng, req.home_projection, req.away_projection, req.home_std_dev, req.away_std_dev, 0.5,
        req.total_line, None, 0.06, 12.0, 3.0, n)
    p_over, p_under = s["p_over"], s["p_under"]
    se_over = (p_over * (1 - p_over) / n) ** 0.5
    se_under = (p_under * (1 - p_under) / n) ** 0.5
    simulation = {
        "n_simulations": n, "p_over": p_over, "p_under": p_under, "p_push": s["p_push"],
        "se_over": se_over, "se_under": se_under,
        "ci_95_over": [p_over - 1.96 * se_over, p_over + 1.96 * se_over],
        "ci_95_under": [p_under - 1.96 * se_under, p_under + 1.96 * se_under],
        "mean_total": s["mean_total"], "median_total": s["percentiles"]["p50"], "std_total": s["std_total"],
        "percentiles": s["percentiles"], "ot_games_pct": s["ot_share"], "correlation_used": 0.5,
        "distribution": "normal", "inputs": req.model_dump(),
    }
    metrics = ev_metrics(p_over, p_under, req.over_odds, req.under_odds)
    over = req.home_projection + req.away_projection > req.total_line
    return {"success": True, "result": {
        "simulation": simulation, "ev_metrics": metrics, "direction": "over" if over else "under",
        "our_probability": p_over if over else p_under,
        "our_ev": metrics["ev_over"] if over else metrics["ev_under"],
        "our_kelly": metrics["kelly_over_fractional"] if over else metrics["kelly_under_fractional"],
    }}
