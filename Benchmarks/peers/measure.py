#!/usr/bin/env python3
"""Run both peers at the README's sizes and print a Markdown table (the README's figures).

    python3 Benchmarks/peers/measure.py [--threads 2] [--json FILE]
"""

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# (label, extra CLI arguments, repeats)
RUNS = [
    ("1 game, 10^4", ["--sims", "10000"], 21),
    ("1 game, 10^6", ["--sims", "1000000"], 7),
    ("1 game, 10^7", ["--sims", "10000000"], 3),
    ("15-game slate, 10^6 each", ["--sims", "1000000", "--games", "15"], 3),
]


def run(script, args, repeats, threads):
    cmd = [sys.executable, os.path.join(HERE, script), "--repeats", str(repeats), "--warmup", "1",
           "--threads", str(threads)] + args
    return json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    p.add_argument("--json", help="Also write every peer's JSON output to this file.")
    a = p.parse_args()
    everything = []
    print("| run | NumPy ns/game | numba ns/game | NumPy wall (median, min-max) | numba wall (median, min-max) |")
    print("|---|---|---|---|---|")
    for label, args, repeats in RUNS:
        r = {peer: run(peer + "_peer.py", args, repeats, a.threads) for peer in ("numpy", "numba")}
        everything += r.values()
        wall = {k: "%.4f s (%.4f-%.4f)" % (v["median_s"], v["min_s"], v["max_s"]) for k, v in r.items()}
        print("| %s | %.1f | %.1f | %s | %s |" % (label, r["numpy"]["ns_per_game"], r["numba"]["ns_per_game"],
                                                wall["numpy"], wall["numba"]), flush=True)
    z = json.loads(subprocess.run([sys.executable, os.path.join(HERE, "numpy_peer.py"), "--normals-only",
                                   "--sims", "1000000", "--repeats", "7"],
                                  check=True, capture_output=True, text=True).stdout)
    everything.append(z)
    print("\nNumPy standard_normal: %.2f ns/normal (fresh array; %.2f-%.2f), %.2f ns/normal into a preallocated buffer"
          % (z["ns_per_normal"], z["min_s"] / z["normals"] * 1e9, z["max_s"] / z["normals"] * 1e9,
             z["ns_per_normal_prealloc"]))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(everything, f, indent=1)


if __name__ == "__main__":
    main()
