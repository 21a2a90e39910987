#!/usr/bin/env python3
"""Reference values for the parlay and multivariate tests, computed by routes independent of
the Swift engine. The tests pin the printed numbers (Tests/SimulationTests/ParlayTests.swift,
Tests/MultivariateTests/NearestCorrelationTests.swift).

Run from the repository root with scipy (1.17.1 used):  python3 scripts/parlay_reference.py

1. Two-leg same-game parlay, over 225.5 and home -3.5, of the flat-overtime model (home 115,
   away 112, sd 10 each, rho 0.5, overtime rate 0.06 adding round(max(0, N(12, 3))) points, the
   odd point to home on a fair coin). Regulation scores are round(N): H = h exactly when the
   latent x is in [h - 1/2, h + 1/2). Both legs are conditions on (H, A) plus the overtime
   points, so the probability is a mixture over the overtime outcomes (none, or k points with
   the split) of sums over h of bivariate-normal rectangle probabilities, each from scipy's
   multivariate_normal.cdf (Genz's method) with lower limits.
2. Home team total over 115.5 and a home player's points over 25.5 (mean 22, sd 6, correlation
   0.4 with his team's regulation score; points round(max(0, N)) like the team scores, so
   points >= 26 exactly when the latent is >= 25.5): a mixture of two-sided bivariate normal
   orthant probabilities, one for no overtime and one per overtime home share s.
4. (at the end) Counts through the Gaussian copula: negative-binomial and Poisson margins, alone
   and with a team total (CountMargin).
3. Higham (2002)'s example [[1, 1, 0], [1, 1, 1], [0, 1, 1]]: its nearest correlation matrix
   by the same alternating projections written with numpy's eigh, and its distance.
"""
import numpy as np
from scipy.stats import multivariate_normal, norm

EPS = dict(abseps=1e-13, releps=1e-13, maxpts=10_000_000)

HOME, AWAY, SD, RHO = 115.0, 112.0, 10.0, 0.5
OT_RATE, OT_POINTS, OT_SD = round(0.06 * 2**32) / 2**32, 12.0, 3.0  # the kernel's 32-bit threshold


def overtime_points():
    """P(K = k) for K = max(0, floor(12 + 3 Z + 1/2))."""
    out = {0: norm.cdf((0.5 - OT_POINTS) / OT_SD)}
    for k in range(1, 60):
        out[k] = norm.cdf((k + 0.5 - OT_POINTS) / OT_SD) - norm.cdf((k - 0.5 - OT_POINTS) / OT_SD)
    return out


def overtime_outcomes():
    """(probability, points added to home, to away): regulation only, or overtime of k points
    with the home share (k + coin) >> 1."""
    yield 1 - OT_RATE, 0, 0
    for k, pk in overtime_points().items():
        for coin in (0, 1):
            s = (k + coin) >> 1
            yield OT_RATE * pk * 0.5, s, k - s


def over_and_home_cover(total_line=225.5, spread=-3.5):
    mvn = multivariate_normal(mean=[HOME, AWAY], cov=[[SD * SD, RHO * SD * SD], [RHO * SD * SD, SD * SD]], **EPS)
    total = 0.0
    for weight, dh, da in overtime_outcomes():
        part = 0.0
        for h in range(int(HOME - 10 * SD), int(HOME + 10 * SD) + 1):
            # Final H = h + dh, A = a + da: over needs (h + dh) + (a + da) > total_line, the home
            # cover (h + dh) + spread > (a + da).
            lo = int(np.floor(total_line - h - dh - da)) + 1
            hi = int(np.ceil(h + dh + spread - da)) - 1
            if hi < lo:
                continue
            part += mvn.cdf([h + 0.5, hi + 0.5], lower_limit=[h - 0.5, lo - 0.5])
        total += weight * part
    return total


def home_total_and_player(team_line=115.5, mean=22.0, sd=6.0, r=0.4, player_line=25.5):
    mvn = multivariate_normal(mean=[0, 0], cov=[[1, r], [r, 1]], **EPS)
    yp = (player_line - mean) / sd
    total = 0.0
    for weight, dh, _ in overtime_outcomes():
        xh = (team_line - dh - HOME) / SD
        # P(X >= xh, Y >= yp) = P(-X <= -xh, -Y <= -yp), same correlation.
        total += weight * mvn.cdf([-xh, -yp])
    return total


def marginal_over(line, mean, sd):
    return norm.sf((line - mean) / sd)


def higham(a, tol=1e-14, iters=100_000):
    y = a.copy()
    ds = np.zeros_like(a)
    for _ in range(iters):
        r = y - ds
        w, v = np.linalg.eigh(r)
        x = (v * np.maximum(w, 0)) @ v.T
        ds = x - r
        prev = y
        y = x.copy()
        np.fill_diagonal(y, 1)
        if np.linalg.norm(y - x) <= tol * np.linalg.norm(y) and np.linalg.norm(y - prev) <= tol * np.linalg.norm(y):
            break
    return y


def league_factor_pair(f=0.3, sd=10.0, rho=0.5):
    """5. Two games without overtime (115-112 over 226.5, 108-110 over 217.5, sd 10, rho 0.5
    within a game) whose teams correlate by the league factor f across games: both totals over.
    A total is round(H) + round(A); its rounding error is the sum of two nearly independent
    uniforms on [-1/2, 1/2) (variance 1/6), so (T1, T2) is taken as bivariate normal with that
    variance added and covariance 4 f sd^2. The approximation is checked on a marginal against
    the exact distribution (mcsim run --ot-model none: P(over 226.5) = 0.5115132737, the
    approximation 0.5115116760, 1.6e-6 apart)."""
    var = 2 * sd * sd * (1 + rho) + 1 / 6
    r = 4 * f * sd * sd / var
    z1, z2 = (226.5 - 227) / var**0.5, (217.5 - 218) / var**0.5
    marginal = 1 - norm.cdf(z1)
    joint = multivariate_normal(mean=[0, 0], cov=[[1, r], [r, 1]], **EPS).cdf([-z1, -z2])
    return marginal, joint


if __name__ == "__main__":
    m, j = league_factor_pair()
    print(f"league factor 0.3: game a over alone {m:.10f}, both games over {j:.12f}")
    print(f"over 225.5 and home -3.5, flat overtime: {over_and_home_cover():.12f}")
    print(f"home team total over 115.5 and player over 25.5 (r 0.4): {home_total_and_player():.12f}")
    a = np.array([[1.0, 1, 0], [1, 1, 1], [0, 1, 1]])
    x = higham(a)
    print("Higham (2002) example, nearest correlation matrix:")
    print(np.array2string(x, precision=12))
    print(f"  distance {np.linalg.norm(x - a):.12f}, smallest eigenvalue {np.linalg.eigvalsh(x)[0]:.3e}")


def copula_counts():
    """4. Counts through the Gaussian copula: a negative binomial (mean 2.5, sd 1.8) and a Poisson
    (mean 2.5) over 2.5 (count >= 3), alone and with the home team total over 115.5 (latent
    correlation 0.4 with the home team's regulation points): P(X_home >= 115.5 - dh, z > t) with
    t = Phi^-1(F(2)), mixed over the overtime outcomes as in part 2."""
    from scipy.stats import nbinom, poisson
    mean, sd = 2.5, 1.8
    var = sd * sd
    p = mean / var
    r = mean * mean / (var - mean)
    out = {}
    for name, f2 in (("negative_binomial", nbinom.cdf(2, r, p)), ("poisson", poisson.cdf(2, mean))):
        t = norm.ppf(f2)
        mvn = multivariate_normal(mean=[0, 0], cov=[[1, 0.4], [0.4, 1]], **EPS)
        joint = 0.0
        for weight, dh, _ in overtime_outcomes():
            xh = (115.5 - dh - HOME) / SD
            joint += weight * mvn.cdf([-xh, -t])
        out[name] = (1 - f2, joint)
    return out


if __name__ == "__main__":
    for name, (alone, joint) in copula_counts().items():
        print(f"{name} count over 2.5: alone {alone:.12f}, with home over 115.5: {joint:.12f}")
