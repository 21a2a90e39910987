"""Shared CLI, slate and result summary for the Python peers of mcsim's benchmark.

The peers implement the betting agent's NBA-totals model (docs/contracts.md, "Betting agent")
with mcsim's integer rounding, so their numbers are comparable with mcsim's:

    H, A   ~ bivariate normal(means = projections, sds, correlation rho)
    H, A   <- max(H, floor), max(A, floor)          only when --floor is given
    total  =  round(H) + round(A) + K               round(x) = floor(x + 0.5)
    K      =  round(max(0, Normal(ot_points, ot_sd))) with probability ot_rate, else 0

Reported: p_over, p_under, p_push for the line, mean and population std of the total,
percentiles 5/10/25/50/75/90/95 with np.percentile's default ("linear") definition,
and the share of games that went to overtime.

This module imports only the standard library at import time: parse_args() must set the
BLAS / numba thread variables before numpy or numba is imported.
"""

import argparse
import json
import math
import os
import platform
import resource
import statistics
import sys

PERCENTILES = (5, 10, 25, 50, 75, 90, 95)

# The 15-game slate used by --games N (the first N games). Game 1 is the CLI's defaults.
# (home projection, away projection, total line). Sds, rho, floor and OT come from the CLI.
SLATE = (
    (115.0, 112.0, 225.5),
    (118.5, 112.0, 229.5),
    (110.0, 108.0, 216.5),
    (121.0, 117.0, 236.5),
    (113.0, 115.0, 226.5),
    (107.0, 111.0, 217.5),
    (116.0, 109.0, 223.5),
    (119.0, 120.0, 238.5),
    (112.0, 104.0, 214.5),
    (114.0, 113.0, 225.5),
    (109.0, 116.0, 223.5),
    (122.0, 114.0, 234.5),
    (105.0, 108.0, 211.5),
    (117.0, 111.0, 226.5),
    (111.0, 119.0, 228.5),
)


def build_parser(prog, description):
    p = argparse.ArgumentParser(prog=prog, description=description)
    p.add_argument("--sims", type=int, default=1_000_000, help="Simulations per game.")
    p.add_argument("--repeats", type=int, default=5, help="Timed repetitions.")
    p.add_argument("--warmup", type=int, default=1, help="Untimed repetitions before timing.")
    p.add_argument("--home", type=float, default=115.0, help="Home projection (points).")
    p.add_argument("--away", type=float, default=112.0, help="Away projection (points).")
    p.add_argument("--home-sd", type=float, default=10.0, help="Home points standard deviation.")
    p.add_argument("--away-sd", type=float, default=10.0, help="Away points standard deviation.")
    p.add_argument("--rho", type=float, default=0.5, help="Correlation of home and away points.")
    p.add_argument("--line", type=float, default=225.5, help="Total line.")
    p.add_argument("--floor", type=float, default=None,
                   help="Floor each team's regulation points at this score (off by default).")
    p.add_argument("--ot-rate", type=float, default=0.06, help="Probability a game goes to OT.")
    p.add_argument("--ot-points", type=float, default=12.0, help="Mean OT points added to the total.")
    p.add_argument("--ot-sd", type=float, default=3.0, help="Sd of OT points.")
    p.add_argument("--seed", type=int, default=1, help="Seed (game g of a slate uses seed + g).")
    p.add_argument("--threads", type=int, default=os.cpu_count() or 1,
                   help="Threads (numba workers; the NumPy peer is single-threaded and only records it).")
    p.add_argument("--games", type=int, default=1,
                   help="1: the game given by --home/--away/--line; N>1: the first N games of "
                        "the built-in %d-game slate, timed as a whole." % len(SLATE))
    return p


def validate(p, args):
    if args.sims < 1:
        p.error("--sims must be at least 1")
    if args.repeats < 1 or args.warmup < 0:
        p.error("--repeats must be >= 1 and --warmup >= 0")
    if not 1 <= args.games <= len(SLATE):
        p.error("--games must be between 1 and %d" % len(SLATE))
    if args.threads < 1:
        p.error("--threads must be at least 1")
    if not -1.0 <= args.rho <= 1.0:
        p.error("--rho must be in [-1, 1]")
    if min(args.home_sd, args.away_sd, args.ot_sd) < 0:
        p.error("standard deviations must be >= 0")
    if not 0.0 <= args.ot_rate <= 1.0:
        p.error("--ot-rate must be in [0, 1]")


def set_thread_env(threads, blas_threads=None):
    """Pin numba's and the BLAS/OpenMP thread pools; call before importing numpy or numba."""
    blas = threads if blas_threads is None else blas_threads
    for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[var] = str(blas)
    os.environ["NUMBA_NUM_THREADS"] = str(threads)


def games_from_args(args):
    """List of (home, away, line) the run simulates."""
    if args.games == 1:
        return [(args.home, args.away, args.line)]
    return list(SLATE[: args.games])


def round_half_up(x):
    return math.floor(x + 0.5)


def summary_from_histogram(counts, t0, line, n, ot_games):
    """Statistics of integer totals given counts[k] = #samples with total t0 + k.

    Percentiles follow np.percentile's default (linear interpolation between order
    statistics at rank q/100 * (n - 1)), so they equal np.percentile on the samples.
    """
    total = 0
    s1 = 0.0
    over = under = push = 0
    for k, c in enumerate(counts):
        if c:
            t = t0 + k
            total += c
            s1 += t * c
            if t > line:
                over += c
            elif t < line:
                under += c
            else:
                push += c
    assert total == n, (total, n)
    mean = s1 / n
    var = sum(c * (t0 + k - mean) ** 2 for k, c in enumerate(counts) if c) / n

    def order_stat(rank):  # value of the rank-th smallest sample, 0-based
        cum = 0
        for k, c in enumerate(counts):
            cum += c
            if cum > rank:
                return t0 + k
        raise AssertionError("rank beyond n")

    pct = {}
    for q in PERCENTILES:
        pos = q / 100.0 * (n - 1)
        lo = math.floor(pos)
        frac = pos - lo
        v0 = order_stat(lo)
        v1 = order_stat(min(lo + 1, n - 1))
        pct["p%d" % q] = float(v0 + frac * (v1 - v0))
    return {
        "p_over": over / n,
        "p_under": under / n,
        "p_push": push / n,
        "mean_total": mean,
        "std_total": math.sqrt(var),
        "percentiles": pct,
        "ot_share": ot_games / n,
    }


def report(peer, versions, args, times, game_results, extra=None):
    """Print the one JSON object the Swift harness reads."""
    median = statistics.median(times)
    out = {
        "peer": peer,
        "version": versions,
        "sims": args.sims,
        "games": args.games,
        "threads": args.threads,
        "repeats": args.repeats,
        "warmup": args.warmup,
        "seed": args.seed,
        "times_s": times,
        "median_s": median,
        "min_s": min(times),
        "max_s": max(times),
        "ns_per_game": median / (args.sims * args.games) * 1e9,
    }
    first = game_results[0]
    out.update({k: first[k] for k in
                ("p_over", "p_under", "p_push", "mean_total", "std_total", "percentiles", "ot_share")})
    out["games_results"] = game_results
    # Peak resident memory of the whole process (Linux reports KiB), for the memory comparison.
    out["max_rss_kib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if extra:
        out.update(extra)
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")
    sys.stdout.flush()


def base_versions():
    return {"python": platform.python_version()}
