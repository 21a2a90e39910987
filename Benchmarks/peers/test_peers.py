"""Accuracy tests of the Python peers against the exact distribution of the model's total.

Run from anywhere:  python3 -m pytest -q Benchmarks/peers/test_peers.py   (well under 60 s)

The exact answer. T = R(H) + R(A) + K with R(x) = floor(x + 0.5), (H, A) bivariate normal,
K independent of (H, A). Write A | H = h ~ Normal(ma + rho*sa/sh*(h - mh), sa^2 (1 - rho^2)).
For each integer i, R(H) = i exactly when H lies in [i - 1/2, i + 1/2) (with a floor f: H in
(-inf, R(f) + 1/2) for i = R(f), nothing below), so

    P(R(H) = i, R(A) = j) = integral over that interval of phi_H(h) *
                            [Phi((hi_j - mu(h)) / s) - Phi((lo_j - mu(h)) / s)] dh

which we evaluate with 16-point Gauss-Legendre quadrature on every unit interval (the
integrand is smooth on the scale sd = 10 >> 1, so the rule is exact to ~1e-15). The floored
interval (-inf, R(f) + 1/2) is split at mh - 12 sh (mass below: < 1e-32). The mass of
i + j = s gives P(R(H) + R(A) = s); convolving with P(K = k), where
    P(K = 0) = 1 - p + p * Phi((1/2 - m) / d),
    P(K = k) = p * [Phi((k + 1/2 - m) / d) - Phi((k - 1/2 - m) / d)]   (k >= 1),
gives the exact distribution of T, from which p_over, mean and quantiles follow.
"""

import json
import math
import os
import subprocess
import sys

import numpy as np
import pytest
from scipy.special import ndtr

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import numba_peer  # noqa: E402
import numpy_peer  # noqa: E402
import peer_common  # noqa: E402

N = 1_000_000
GL_X, GL_W = np.polynomial.legendre.leggauss(16)


def exact_total_pmf(home, away, home_sd, away_sd, rho, ot_rate, ot_points, ot_sd, floor=None):
    """Exact pmf of the integer total: returns (t0, pmf) with pmf[k] = P(T = t0 + k)."""
    span = 12
    rh = peer_common.round_half_up
    i_lo, i_hi = rh(home - span * home_sd), rh(home + span * home_sd)
    j_lo, j_hi = rh(away - span * away_sd), rh(away + span * away_sd)
    if floor is not None:
        i_lo, j_lo = max(i_lo, rh(floor)), max(j_lo, rh(floor))
        i_hi, j_hi = max(i_hi, i_lo), max(j_hi, j_lo)
    i_vals = np.arange(i_lo, i_hi + 1)
    j_vals = np.arange(j_lo, j_hi + 1)

    # Integration intervals for H per value i.
    a_int = i_vals - 0.5
    b_int = i_vals + 0.5
    if floor is not None and i_lo == rh(floor):
        a_int = a_int.astype(float)
        a_int[0] = min(home - span * home_sd, rh(floor) - 0.5)
    # Edges for A per value j (the floored value takes everything below).
    j_edges_lo = (j_vals - 0.5).astype(float)
    if floor is not None and j_lo == rh(floor):
        j_edges_lo[0] = -np.inf
    j_edges_hi = (j_vals + 0.5).astype(float)

    s_cond = away_sd * math.sqrt(max(0.0, 1.0 - rho * rho))
    joint = np.zeros((len(i_vals), len(j_vals)))
    for r, (a, b) in enumerate(zip(a_int, b_int)):
        # Split long (floored) intervals into unit pieces for the quadrature.
        pieces = max(1, int(math.ceil(b - a)))
        edges = np.linspace(a, b, pieces + 1)
        mids = (edges[:-1] + edges[1:]) / 2
        halfw = (edges[1:] - edges[:-1]) / 2
        h = (mids[:, None] + halfw[:, None] * GL_X[None, :]).ravel()
        w = (halfw[:, None] * GL_W[None, :]).ravel()
        dens = np.exp(-0.5 * ((h - home) / home_sd) ** 2) / (home_sd * math.sqrt(2 * math.pi))
        mu = away + rho * away_sd / home_sd * (h - home)
        if s_cond > 0:
            cdf_hi = ndtr((j_edges_hi[None, :] - mu[:, None]) / s_cond)
            cdf_lo = ndtr((j_edges_lo[None, :] - mu[:, None]) / s_cond)
        else:
            cdf_hi = (mu[:, None] < j_edges_hi[None, :]).astype(float)
            cdf_lo = (mu[:, None] < j_edges_lo[None, :]).astype(float)
        joint[r] = (w * dens) @ (cdf_hi - cdf_lo)

    reg = np.zeros(len(i_vals) + len(j_vals) - 1)
    for r in range(len(i_vals)):
        reg[r : r + len(j_vals)] += joint[r]
    reg_t0 = i_lo + j_lo

    k_max = int(math.ceil(ot_points + span * ot_sd)) + 1
    k = np.arange(k_max + 1)
    pk = ot_rate * (ndtr((k + 0.5 - ot_points) / ot_sd) - ndtr((k - 0.5 - ot_points) / ot_sd))
    pk[0] = 1 - ot_rate + ot_rate * ndtr((0.5 - ot_points) / ot_sd)
    return reg_t0, np.convolve(reg, pk)


def exact_stats(t0, pmf, line):
    t = t0 + np.arange(len(pmf))
    mean = float(np.sum(t * pmf))
    return {
        "mass": float(pmf.sum()),
        "p_over": float(pmf[t > line].sum()),
        "p_under": float(pmf[t < line].sum()),
        "p_push": float(pmf[t == line].sum()),
        "mean_total": mean,
        "std_total": float(math.sqrt(np.sum((t - mean) ** 2 * pmf))),
        "quantiles": {q: int(t[np.searchsorted(np.cumsum(pmf), q / 100.0)]) for q in peer_common.PERCENTILES},
    }


def args_for(argv):
    p = peer_common.build_parser("test", "")
    a = p.parse_args(argv)
    peer_common.validate(p, a)
    return a


def run_numpy(argv):
    a = args_for(argv)
    return numpy_peer.run_once(a, peer_common.games_from_args(a))


def run_numba(argv):
    a = args_for(argv)
    return numba_peer.Simulator(a, peer_common.games_from_args(a)).run()


CASES = {
    # name: (CLI arguments, line)
    "defaults": ["--line", "225.5"],
    "integer_line_rho02": ["--line", "227", "--rho", "0.2", "--home", "116.5", "--away", "110.2"],
    "floor_high_ot": ["--line", "221.5", "--floor", "108", "--ot-rate", "0.1", "--home", "112",
                      "--away", "109", "--home-sd", "12", "--away-sd", "9"],
}


def exact_for(argv):
    a = args_for(argv)
    t0, pmf = exact_total_pmf(a.home, a.away, a.home_sd, a.away_sd, a.rho, a.ot_rate,
                              a.ot_points, a.ot_sd, a.floor)
    return a, exact_stats(t0, pmf, a.line)


@pytest.fixture(scope="module")
def results():
    out = {}
    for name, argv in CASES.items():
        argv = ["--sims", str(N), "--seed", "7"] + argv
        out[name] = (exact_for(argv), run_numpy(argv)[0], run_numba(argv)[0])
    return out


def se(p, n=N):
    return math.sqrt(max(p * (1 - p), 1e-12) / n)


def test_exact_is_a_distribution():
    _, ex = exact_for(["--floor", "108"])
    assert abs(ex["mass"] - 1) < 1e-12
    _, ex = exact_for([])
    assert abs(ex["mass"] - 1) < 1e-12
    # Without rounding or OT the mean would be 227; OT adds 0.06 * E[K] (about 0.72).
    assert abs(ex["mean_total"] - (227 + 0.06 * 12)) < 0.01


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("peer", ["numpy", "numba"])
def test_peer_matches_exact(results, case, peer):
    (a, ex), r_np, r_nb = results[case]
    r = r_np if peer == "numpy" else r_nb
    for key in ("p_over", "p_under", "p_push"):
        assert abs(r[key] - ex[key]) <= 4 * se(ex[key]) + 1e-12, (key, r[key], ex[key])
    sd = ex["std_total"]
    assert abs(r["mean_total"] - ex["mean_total"]) <= 4 * sd / math.sqrt(N)
    assert abs(r["std_total"] - sd) <= 4 * sd / math.sqrt(2 * N) * 1.5  # excess kurtosis margin
    assert abs(r["ot_share"] - a.ot_rate) <= 4 * se(a.ot_rate)
    for q in peer_common.PERCENTILES:
        assert abs(r["percentiles"]["p%d" % q] - ex["quantiles"][q]) <= 1, q


@pytest.mark.parametrize("case", list(CASES))
def test_peers_agree(results, case):
    _, r_np, r_nb = results[case]
    for key in ("p_over", "p_under", "p_push"):
        p = (r_np[key] + r_nb[key]) / 2
        assert abs(r_np[key] - r_nb[key]) <= 4 * math.sqrt(2) * se(p) + 1e-12, key


def test_histogram_percentiles_equal_np_percentile():
    rng = np.random.default_rng(3)
    for n in (1, 2, 7, 1000, 12345):
        t = rng.integers(180, 260, n)
        counts = np.bincount(t - 180)
        got = peer_common.summary_from_histogram(counts.tolist(), 180, 220.5, n, 0)
        want = np.percentile(t.astype(float), peer_common.PERCENTILES)
        assert [got["percentiles"]["p%d" % q] for q in peer_common.PERCENTILES] == pytest.approx(want, abs=1e-9)
        assert got["std_total"] == pytest.approx(np.std(t), rel=1e-12)


def test_numba_independent_of_threads():
    import numba

    argv = ["--sims", "200000", "--games", "3"]
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = run_numba(argv)
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
        many = run_numba(argv)
    finally:
        numba.set_num_threads(before)
    assert one == many


@pytest.mark.parametrize("script", ["numpy_peer.py", "numba_peer.py"])
def test_cli_json_shape(script):
    out = subprocess.run(
        [sys.executable, os.path.join(HERE, script), "--sims", "20000", "--repeats", "2",
         "--warmup", "1", "--games", "15", "--threads", "2"],
        check=True, capture_output=True, text=True, timeout=120).stdout
    lines = out.strip().splitlines()
    assert len(lines) == 1
    r = json.loads(lines[0])
    assert r["peer"] == script.split("_")[0]
    for key in ("version", "sims", "games", "threads", "repeats", "times_s", "median_s",
                "ns_per_game", "p_over", "p_under", "p_push", "mean_total", "std_total", "percentiles"):
        assert key in r, key
    assert r["games"] == 15 and len(r["games_results"]) == 15 and len(r["times_s"]) == 2
    assert sorted(r["percentiles"]) == sorted("p%d" % q for q in peer_common.PERCENTILES)
    assert abs(r["p_over"] + r["p_under"] + r["p_push"] - 1) < 1e-12
    assert r["ns_per_game"] == pytest.approx(r["median_s"] / (20000 * 15) * 1e9)


def test_normals_only_json():
    out = subprocess.run(
        [sys.executable, os.path.join(HERE, "numpy_peer.py"), "--normals-only", "--sims", "100000",
         "--repeats", "2"], check=True, capture_output=True, text=True, timeout=60).stdout
    r = json.loads(out)
    assert r["mode"] == "normals-only" and r["normals"] == 200000 and r["ns_per_normal"] > 0


def test_fastapi_peer_answers_the_agents_simulate_shape():
    """The serve benchmark's peer answers the agent's request with the agent's fields, and its
    p_over is within 4 standard errors of the exact value."""
    from fastapi.testclient import TestClient

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import fastapi_peer

    client = TestClient(fastapi_peer.app)
    body = {"home_projection": 115, "away_projection": 112, "total_line": 225.5, "n_sims": 200_000,
            "include_scenarios": False, "include_sensitivity": False}
    reply = client.post("/api/monte-carlo/simulate", json=body)
    assert reply.status_code == 200
    result = reply.json()["result"]
    for key in ["simulation", "ev_metrics", "direction", "our_probability", "our_ev", "our_kelly"]:
        assert key in result
    sim = result["simulation"]
    assert sim["n_simulations"] == 200_000
    t0, pmf = exact_total_pmf(115, 112, 10, 10, 0.5, 0.06, 12, 3)
    p = exact_stats(t0, pmf, 225.5)["p_over"]
    assert abs(sim["p_over"] - p) <= 4 * math.sqrt(p * (1 - p) / 200_000)
    assert client.post("/api/monte-carlo/simulate", json={"home_projection": 1}).status_code == 422
    assert client.get("/health").json() == {"status": "healthy", "service": "nba-betting-agent"}
