#!/usr/bin/env python3
"""Writes the slate Scenarios from the shared NBA results (data/nba_games_lines.csv).

Run from the repository root:  python3 scripts/slate_scenarios.py [path/to/nba_games_lines.csv]

- Scenarios/nba_results_2023.csv: the rows dated 2023-04-01 to 2023-12-11 (end of 2022-23, its
  playoffs, and 2023-24 up to the night below), so `--stats-from` works from a clean clone.
- Scenarios/slate_batch.json: the night of 2023-12-11 (13 games) as the betting agent's batch
  request: each team's 2023-24 ppg, opp_ppg and sd before that night, the closing totals.
- Scenarios/feed_team_stats.json: the same season-to-date stats for all 30 teams in mcsim's
  native stats format, matching Scenarios/feed_odds_api_nba.json (The Odds API, 15 books, the
  games of 2023-12-12 UTC, which are the night of 2023-12-11 in the US, and 5 Christmas games).
- Scenarios/slate_native.json: the night of 2022-12-12 (7 games) as a native slate: projections
  by the agent's formula from 2022-23 stats before that night, team sds, the closing total,
  spread and moneyline (American prices), with the tie overtime model and rho 0.2 for the slate
  and a skew-normal game.

Stats follow mcsim's `ResultsStats`: the season of the latest game before the date, every
stage, final scores (overtime included), sample sd (n - 1) floored at 8. The tests recompute
them with `mcsim slate --stats-from` and compare.
"""
import csv
import json
import math
import os
import statistics
import sys

SOURCE = sys.argv[1] if len(sys.argv) > 1 else "data/nba_games_lines.csv"

with open(SOURCE) as f:
    rows = list(csv.DictReader(f))


def stats_before(date):
    before = [r for r in rows if r["date"] < date]
    season = max(before, key=lambda r: r["date"])["season"]
    games = [r for r in before if r["season"] == season]
    teams = {}
    for r in games:
        h, a, hs, as_ = r["home"], r["away"], int(r["home_score"]), int(r["away_score"])
        teams.setdefault(h, []).append((hs, as_))
        teams.setdefault(a, []).append((as_, hs))
    out = {}
    for team, list_ in teams.items():
        scored = [s for s, _ in list_]
        out[team] = {
            "ppg": sum(scored) / len(scored),
            "opp_ppg": sum(a for _, a in list_) / len(list_),
            "sd": max(statistics.stdev(scored), 8.0) if len(scored) >= 2 else None,
            "games": len(scored),
        }
    return out


def r4(x):
    return round(x, 4)


def write(path, obj):
    with open(path, "w") as f:
        json.dump(obj, f, indent=2)
        f.write("\n")
    print("wrote", path)


os.makedirs("Scenarios", exist_ok=True)

with open("Scenarios/nba_results_2023.csv", "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=list(rows[0].keys()), lineterminator="\n")
    w.writeheader()
    for r in rows:
        if "2023-04-01" <= r["date"] <= "2023-12-11":
            w.writerow(r)
print("wrote Scenarios/nba_results_2023.csv")

NIGHT = "2023-12-11"
s = stats_before(NIGHT)
games = []
for r in rows:
    if r["date"] != NIGHT:
        continue
    h, a = s[r["home"]], s[r["away"]]
    games.append({
        "game_id": f"{NIGHT}-{r['away']}@{r['home']}",
        "home_team_abbr": r["home"], "away_team_abbr": r["away"],
        "home_ppg": r4(h["ppg"]), "home_opp_ppg": r4(h["opp_ppg"]), "home_std_dev": r4(h["sd"]),
        "away_ppg": r4(a["ppg"]), "away_opp_ppg": r4(a["opp_ppg"]), "away_std_dev": r4(a["sd"]),
        "total_line": float(r["close_total"]), "over_odds": 1.91, "under_odds": 1.91,
    })
write("Scenarios/slate_batch.json", {"games": games, "n_sims": 10000})

write("Scenarios/feed_team_stats.json", {"teams": [
    {"team": t, "ppg": r4(v["ppg"]), "opp_ppg": r4(v["opp_ppg"]), "sd": r4(v["sd"]), "games": v["games"]}
    for t, v in sorted(s.items())
]})

NIGHT2 = "2022-12-12"
s2 = stats_before(NIGHT2)
native = []
for r in rows:
    if r["date"] != NIGHT2:
        continue
    h, a = s2[r["home"]], s2[r["away"]]
    g = {
        "game_id": f"{NIGHT2}-{r['away']}@{r['home']}",
        "home_team_abbr": r["home"], "away_team_abbr": r["away"],
        "home_projection": round((h["ppg"] + a["opp_ppg"]) / 2, 1),
        "away_projection": round((a["ppg"] + h["opp_ppg"]) / 2, 1),
        "home_sd": round(h["sd"], 1), "away_sd": round(a["sd"], 1),
        "total_line": float(r["close_total"]), "over_odds": "-110", "under_odds": "-110",
        "spread": float(r["close_spread_home"]), "home_spread_odds": "-110", "away_spread_odds": "-110",
        "home_ml": f"{int(r['home_ml']):+d}", "away_ml": f"{int(r['away_ml']):+d}",
    }
    native.append(g)
native[0]["skew"] = 0.19  # this game's scores skew-normal, as the agent's skew scenario
write("Scenarios/slate_native.json", {
    "n_sims": 100000,
    "seed": 20221212,
    "model": {"rho": 0.2, "ot_model": "tie", "ot_points": 22, "ot_sd": 6},
    "games": native,
})
