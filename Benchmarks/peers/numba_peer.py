#!/usr/bin/env python3
"""numba peer: the fastest thing a Python user would write for the betting agent's model.

One fused @njit(parallel=True, fastmath=False) loop, prange over (game, chunk) tasks. Each
chunk seeds its own generator state (numba's per-thread Mersenne Twister, reseeded at the
start of the chunk from (seed, game, chunk)), so results do not depend on the thread count,
and streams the integer totals into its own row of an integer histogram: no per-sample
arrays. Statistics and percentiles come from the summed histogram (peer_common.py).
The chunk layout depends only on --sims: at most MAX_CHUNKS chunks per game, so memory
is O(games * MAX_CHUNKS * bins), flat in the number of simulations.

The function is compiled (cache=True: reused from __pycache__ on later runs) and run once
before timing; compile time is reported as compile_s.
"""

import math
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import peer_common  # noqa: E402  (stdlib only; must precede numba for NUMBA_NUM_THREADS)

MIN_CHUNK = 1024
MAX_CHUNKS = 256
TAIL_SDS = 12.0  # histogram covers mean +/- 12 sds (+ OT tail); beyond is clamped and counted


def chunk_layout(n):
    """(chunk size, chunks per game): depends only on n, never on the thread count."""
    size = max(MIN_CHUNK, -(-n // MAX_CHUNKS))
    return size, -(-n // size)


_SIMULATE = None


def kernel():
    """The compiled loop (numba_kernel.py), imported only after the thread pins are set."""
    global _SIMULATE
    if _SIMULATE is None:
        from numba_kernel import simulate
        _SIMULATE = simulate
    return _SIMULATE


def histogram_range(home, away, home_sd, away_sd, rho, floor, ot_points, ot_sd):
    """Integer totals [t0, t0 + bins) covering mean +/- TAIL_SDS sds plus the OT tail."""
    sd_total = math.sqrt(home_sd ** 2 + away_sd ** 2 + 2 * rho * home_sd * away_sd)
    lo = home + away - TAIL_SDS * sd_total - 2
    if floor is not None:
        lo = max(lo, 2 * peer_common.round_half_up(floor))
    hi = home + away + TAIL_SDS * sd_total + max(0.0, ot_points + TAIL_SDS * ot_sd) + 3
    if floor is not None:
        hi = max(hi, 2 * floor + max(0.0, ot_points + TAIL_SDS * ot_sd) + 3)
    t0 = math.floor(lo)
    return t0, int(math.ceil(hi)) - t0 + 1


class Simulator:
    """Preallocated buffers for one (games, sims) configuration; run() simulates them all."""

    def __init__(self, args, games):
        import numpy as np

        self.args = args
        self.games = games
        self.n = args.sims
        self.chunk, self.n_chunks = chunk_layout(self.n)
        self.home = np.array([g[0] for g in games], dtype=np.float64)
        self.away = np.array([g[1] for g in games], dtype=np.float64)
        ranges = [histogram_range(h, a, args.home_sd, args.away_sd, args.rho, args.floor,
                                  args.ot_points, args.ot_sd) for h, a, _ in games]
        self.t0 = np.array([r[0] for r in ranges], dtype=np.int64)
        bins = max(r[1] for r in ranges)
        self.hist = np.zeros((len(games), self.n_chunks, bins), dtype=np.int64)
        self.ot = np.zeros((len(games), self.n_chunks), dtype=np.int64)
        self.clamped = np.zeros((len(games), self.n_chunks), dtype=np.int64)

    def run(self):
        """Simulate and summarise every game; this is what is timed."""
        a = self.args
        self.hist[:] = 0
        kernel()(self.home, self.away, a.home_sd, a.away_sd, a.rho,
                 0.0 if a.floor is None else a.floor, a.floor is not None,
                 a.ot_rate, a.ot_points, a.ot_sd, a.seed, self.n, self.chunk, self.n_chunks,
                 self.t0, self.hist, self.ot, self.clamped)
        counts = self.hist.sum(axis=1)
        results = []
        for g, (_, _, line) in enumerate(self.games):
            r = peer_common.summary_from_histogram(counts[g].tolist(), int(self.t0[g]), line,
                                                   self.n, int(self.ot[g].sum()))
            r["clamped"] = int(self.clamped[g].sum())
            results.append(r)
        return results


def versions():
    import llvmlite
    import numba
    import numpy as np

    v = peer_common.base_versions()
    v.update({"numpy": np.__version__, "numba": numba.__version__, "llvmlite": llvmlite.__version__})
    return v


def main(argv=None):
    parser = peer_common.build_parser("numba_peer.py", __doc__.splitlines()[0])
    args = parser.parse_args(argv)
    peer_common.validate(parser, args)
    peer_common.set_thread_env(args.threads)
    import numba

    numba.set_num_threads(args.threads)
    games = peer_common.games_from_args(args)

    t = time.perf_counter()
    warm = Simulator(_small(args), games[:1])
    warm.run()  # compiles (or loads the cache) on a tiny input
    compile_s = time.perf_counter() - t

    sim = Simulator(args, games)
    for _ in range(args.warmup):
        sim.run()
    times = []
    results = None
    for _ in range(args.repeats):
        t = time.perf_counter()
        results = sim.run()
        times.append(time.perf_counter() - t)
    for (home, away, line), r in zip(games, results):
        r.update({"home": home, "away": away, "line": line})
    peer_common.report("numba", versions(), args, times, results,
                       extra={"compile_s": compile_s, "threading_layer": numba.threading_layer(),
                              "chunk": sim.chunk, "chunks_per_game": sim.n_chunks})
    return 0


def _small(args):
    import copy

    small = copy.copy(args)
    small.sims = 2 * MIN_CHUNK
    return small


if __name__ == "__main__":
    sys.exit(main())
