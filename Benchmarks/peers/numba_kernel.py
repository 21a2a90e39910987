"""The numba peer's fused loop (see numba_peer.py). Import only after NUMBA_NUM_THREADS is set."""

import math

import numpy as np
from numba import njit, prange


@njit(parallel=True, fastmath=False, cache=True)
def simulate(home, away, home_sd, away_sd, rho, floor, has_floor,
             ot_rate, ot_points, ot_sd, seed, n, chunk, n_chunks, t0, hist, ot_counts, clamped):
    """Simulate n games for each projection pair (home[g], away[g]) into hist[g, chunk, total - t0[g]].

    prange runs over (game, chunk) tasks; each task reseeds the executing thread's generator
    from (seed, game, chunk), so a chunk's draws, and the summed histogram, do not depend on
    which thread runs it or how many threads there are.
    """
    n_games = home.shape[0]
    n_bins = hist.shape[2]
    cw = math.sqrt(max(0.0, 1.0 - rho * rho))
    for task in prange(n_games * n_chunks):
        g = task // n_chunks
        c = task - g * n_chunks
        # splitmix64(seed, game, chunk) -> the chunk's 32-bit Mersenne Twister seed
        z = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(g * 1_000_003 + c + 1)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = z ^ (z >> np.uint64(31))
        np.random.seed(np.uint32(z & np.uint64(0xFFFFFFFF)))

        mh = home[g]
        ma = away[g]
        base = t0[g]
        start = c * chunk
        stop = min(n, start + chunk)
        n_ot = 0
        n_clamped = 0
        for _ in range(start, stop):
            z1 = np.random.standard_normal()
            z2 = np.random.standard_normal()
            h = mh + home_sd * z1
            a = ma + away_sd * (rho * z1 + cw * z2)
            if has_floor:
                h = max(h, floor)
                a = max(a, floor)
            t = math.floor(h + 0.5) + math.floor(a + 0.5)
            if np.random.random() < ot_rate:
                n_ot += 1
                t += math.floor(max(0.0, ot_points + ot_sd * np.random.standard_normal()) + 0.5)
            k = int(t) - base
            if k < 0:
                k = 0
                n_clamped += 1
            elif k >= n_bins:
                k = n_bins - 1
                n_clamped += 1
            hist[g, c, k] += 1
        ot_counts[g, c] = n_ot
        clamped[g, c] = n_clamped
