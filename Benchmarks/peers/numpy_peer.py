#!/usr/bin/env python3
"""NumPy peer: the betting agent's model vectorised the way the replaced service does it.

Whole arrays of n samples per game: rng.multivariate_normal for the (home, away) pair,
boolean masks for overtime and for p_over / p_under / p_push, np.percentile for the
percentiles. Rounding follows mcsim (floor(x + 0.5) per team, OT points rounded), see
peer_common.py. Prints one JSON object (see README.md).

    python3 numpy_peer.py --sims 1000000 --repeats 7 --warmup 1 --seed 1 --threads 2
    python3 numpy_peer.py --normals-only --sims 1000000   # NumPy's ziggurat alone
"""

import os
import resource
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import peer_common  # noqa: E402  (stdlib only; must precede numpy for the thread pins)


def simulate_game(rng, home, away, home_sd, away_sd, rho, line, floor, ot_rate, ot_points, ot_sd, n):
    """One game, n simulations, as the service does it: whole arrays and masks."""
    import numpy as np

    mean = [home, away]
    cov = [[home_sd * home_sd, rho * home_sd * away_sd],
           [rho * home_sd * away_sd, away_sd * away_sd]]
    scores = rng.multivariate_normal(mean, cov, size=n)
    home_pts = scores[:, 0]
    away_pts = scores[:, 1]
    if floor is not None:
        home_pts = np.maximum(home_pts, floor)
        away_pts = np.maximum(away_pts, floor)
    totals = np.floor(home_pts + 0.5) + np.floor(away_pts + 0.5)

    ot_mask = rng.random(n) < ot_rate
    n_ot = int(ot_mask.sum())
    ot_pts = np.maximum(rng.normal(ot_points, ot_sd, n_ot), 0.0)
    totals[ot_mask] += np.floor(ot_pts + 0.5)

    pct = np.percentile(totals, peer_common.PERCENTILES)
    return {
        "p_over": float(np.mean(totals > line)),
        "p_under": float(np.mean(totals < line)),
        "p_push": float(np.mean(totals == line)),
        "mean_total": float(np.mean(totals)),
        "std_total": float(np.std(totals)),
        "percentiles": {"p%d" % q: float(v) for q, v in zip(peer_common.PERCENTILES, pct)},
        "ot_share": n_ot / n,
    }


def run_once(args, games):
    import numpy as np

    results = []
    for g, (home, away, line) in enumerate(games):
        rng = np.random.default_rng(args.seed + g)
        results.append(simulate_game(rng, home, away, args.home_sd, args.away_sd, args.rho, line,
                                     args.floor, args.ot_rate, args.ot_points, args.ot_sd, args.sims))
    return results


def normals_only(args):
    """Time rng.standard_normal(2 * sims): NumPy's C ziggurat, the normals one game needs."""
    import json
    import numpy as np

    count = 2 * args.sims
    rng = np.random.default_rng(args.seed)
    buf = np.empty(count)

    def timed(fn):
        for _ in range(args.warmup):
            fn()
        times = []
        for _ in range(args.repeats):
            t = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t)
        return times

    times = timed(lambda: rng.standard_normal(count))
    times_pre = timed(lambda: rng.standard_normal(count, out=buf))
    median = statistics.median(times)
    out = {
        "peer": "numpy",
        "mode": "normals-only",
        "version": versions(),
        "sims": args.sims,
        "normals": count,
        "threads": args.threads,
        "blas_threads": args.blas_threads,
        "repeats": args.repeats,
        "warmup": args.warmup,
        "times_s": times,
        "median_s": median,
        "min_s": min(times),
        "max_s": max(times),
        "ns_per_normal": median / count * 1e9,
        # Same draws into a preallocated buffer: the ziggurat without allocation / page faults.
        "times_s_prealloc": times_pre,
        "ns_per_normal_prealloc": statistics.median(times_pre) / count * 1e9,
        "max_rss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
    }
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")


def versions():
    import numpy as np

    v = peer_common.base_versions()
    v["numpy"] = np.__version__
    return v


def main(argv=None):
    parser = peer_common.build_parser("numpy_peer.py", __doc__.splitlines()[0])
    parser.add_argument("--normals-only", action="store_true",
                        help="Time only rng.standard_normal(2*sims) and report ns_per_normal.")
    parser.add_argument("--blas-threads", type=int, default=1,
                        help="OpenBLAS threads for multivariate_normal's (n x 2)(2 x 2) product; "
                             "1 by default: more gains < 1%% and, on a shared machine, spinning "
                             "BLAS workers made runs 2-6x slower.")
    args = parser.parse_args(argv)
    peer_common.validate(parser, args)
    if args.blas_threads < 1:
        parser.error("--blas-threads must be at least 1")
    peer_common.set_thread_env(args.threads, args.blas_threads)

    if args.normals_only:
        normals_only(args)
        return 0

    games = peer_common.games_from_args(args)
    for _ in range(args.warmup):
        run_once(args, games)
    times = []
    results = None
    for _ in range(args.repeats):
        t = time.perf_counter()
        results = run_once(args, games)
        times.append(time.perf_counter() - t)
    for (home, away, line), r in zip(games, results):
        r.update({"home": home, "away": away, "line": line})
    peer_common.report("numpy", versions(), args, times, results,
                       extra={"blas_threads": args.blas_threads})
    return 0


if __name__ == "__main__":
    sys.exit(main())
