#!/usr/bin/env python3
"""Reference values for every devig method, computed once at 60 significant digits with mpmath.

Writes Tests/OddsMathTests/Resources/devig_reference.json, which the Swift tests match to 1e-12.
Run from the repository root:  python3 scripts/devig_reference.py  (needs mpmath, 1.3.0 used).

Every parametric method is solved here by plain bisection on its defining equation, for every
number of outcomes: the two-outcome closed forms used by the Swift code (Shin, odds ratio,
logit shift) are therefore checked against an independent numerical solution. Prices are the
exact binary doubles Swift sees (written with repr, which round-trips), so the only difference
left is Swift's own rounding.
"""
import json
import os
from mpmath import mp, mpf, sqrt, log, exp

mp.dps = 60

MARKETS = [
    ("even -110/-110", [1 + 100 / 110, 1 + 100 / 110]),
    ("two-way 1.91/1.91", [1.91, 1.91]),
    ("two-way 1.83/2.07", [1.83, 2.07]),
    ("two-way favourite 1.2/4.8", [1.2, 4.8]),
    ("two-way 1.005/1.005 (huge margin)", [1.005, 1.005]),
    ("two-way 1.01/1.01", [1.01, 1.01]),
    ("two-way 1.0000001/100", [1.0000001, 100.0]),
    ("two-way underround 2.1/2.05", [2.1, 2.05]),
    ("1X2 2.5/3.4/2.9", [2.5, 3.4, 2.9]),
    ("1X2 4.2/3.7/1.95", [4.2, 3.7, 1.95]),
    ("1X2 heavy favourite 1.36/5.0/9.0", [1.36, 5.0, 9.0]),
    ("1X2 underround 3.2/3.3/3.4", [3.2, 3.3, 3.4]),
    ("four-way 2.2/4.1/6.5/9.5", [2.2, 4.1, 6.5, 9.5]),
    ("20-runner race", [3.5, 5.0, 6.0, 8.0, 9.0, 11.0, 13.0, 15.0, 17.0, 21.0,
                        26.0, 29.0, 34.0, 41.0, 51.0, 67.0, 81.0, 101.0, 151.0, 201.0]),
]


def bisect(f, lo, hi, iterations=400):
    """Root of a function with f(lo) and f(hi) of opposite signs."""
    flo = f(lo)
    assert flo * f(hi) < 0, (lo, hi)
    for _ in range(iterations):
        mid = (lo + hi) / 2
        fm = f(mid)
        if fm == 0:
            return mid
        if (fm < 0) == (flo < 0):
            lo, flo = mid, fm
        else:
            hi = mid
    return (lo + hi) / 2


def grow(f, near, far):
    """Moves `far` away from `near` until f changes sign; returns the bracket."""
    fn = f(near)
    while (f(far) < 0) == (fn < 0):
        near, far = far, near + 2 * (far - near)
    return near, far


def shrink(f, near, far):
    """Halves a positive `far` towards 0 until f changes sign."""
    fn = f(near)
    while (f(far) < 0) == (fn < 0):
        near, far = far, far / 2
    return near, far


def devig(decimals):
    d = [mpf(x) for x in decimals]          # mpf(float) is exact
    pi = [1 / x for x in d]
    n = len(d)
    B = sum(pi)
    out = {}
    out["multiplicative"] = ([p / B for p in pi], None)
    out["additive"] = ([p - (B - 1) / n for p in pi], None)

    f = lambda k: sum(p ** k for p in pi) - 1
    lo, hi = grow(f, mpf(1), mpf(2)) if B > 1 else shrink(f, mpf(1), mpf("0.5"))
    k = bisect(f, lo, hi)
    out["power"] = ([p ** k for p in pi], k)

    def shin_p(z):
        return [(sqrt(z * z + 4 * (1 - z) * p * p / B) - z) / (2 * (1 - z)) for p in pi]
    f = lambda z: sum(shin_p(z)) - 1
    if B > 1:
        z = bisect(f, mpf(0), mpf(1) - mpf(10) ** -40)
    else:
        lo, hi = grow(f, mpf(0), mpf(-1))
        z = bisect(f, lo, hi)
    out["shin"] = (shin_p(z), z)

    or_p = lambda c: [p / (c * (1 - p) + p) for p in pi]
    f = lambda c: sum(or_p(c)) - 1
    lo, hi = grow(f, mpf(1), mpf(2)) if B > 1 else shrink(f, mpf(1), mpf("0.5"))
    c = bisect(f, lo, hi)
    out["odds-ratio"] = (or_p(c), c)

    logit = [log(p / (1 - p)) for p in pi]
    log_p = lambda lam: [1 / (1 + exp(lam - l)) for l in logit]
    f = lambda lam: sum(log_p(lam)) - 1
    lo, hi = grow(f, mpf(0), mpf(1) if B > 1 else mpf(-1))
    lam = bisect(f, lo, hi)
    out["logarithmic"] = (log_p(lam), lam)
    return out, B - 1


def s(x):
    return mp.nstr(x, 30, min_fixed=-5, max_fixed=5)


def main():
    markets = []
    for name, decimals in MARKETS:
        methods, margin = devig(decimals)
        markets.append({
            "name": name,
            "decimals": [repr(float(x)) for x in decimals],
            "margin": s(margin),
            "methods": {
                m: {"probabilities": [s(p) for p in probs],
                    "parameter": None if param is None else s(param)}
                for m, (probs, param) in methods.items()
            },
        })
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    path = os.path.join(root, "Tests", "OddsTests", "Resources", "devig_reference.json")
    with open(path, "w") as fh:
        json.dump({"generated_by": "scripts/devig_reference.py", "mpmath_dps": mp.dps,
                   "markets": markets}, fh, indent=1)
        fh.write("\n")
    print(f"wrote {len(markets)} markets to {os.path.relpath(path, root)}")


if __name__ == "__main__":
    main()
