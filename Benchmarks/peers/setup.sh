#!/usr/bin/env bash
# Installs the Python peers' packages from requirements.txt; safe to run again (does nothing
# when the pinned versions are already importable).
#   bash Benchmarks/peers/setup.sh          into the python3 on PATH (pip install -r requirements.txt)
#   bash Benchmarks/peers/setup.sh --venv   into Benchmarks/peers/.venv (for a python3 whose numpy
#                                           numba cannot use); the harness prefers .venv/bin/python3
# PYTHON=/path/to/python3 overrides the interpreter. Prints the interpreter to use on the last line.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
py=${PYTHON:-python3}

if [[ ${1:-} == --venv ]]; then
  if [[ ! -x $here/.venv/bin/python3 ]]; then
    "$py" -m venv "$here/.venv"
  fi
  py=$here/.venv/bin/python3
fi

satisfied() {
  "$py" - "$here/requirements.txt" <<'PY'
import importlib.metadata as md, sys
for line in open(sys.argv[1]):
    line = line.split("#")[0].strip()
    if not line:
        continue
    name, want = line.split("==")
    try:
        if md.version(name) != want:
            sys.exit(1)
    except md.PackageNotFoundError:
        sys.exit(1)
PY
}

if satisfied; then
  echo "peers: requirements already satisfied" >&2
else
  "$py" -m pip install --disable-pip-version-check -q -r "$here/requirements.txt"
  satisfied || { echo "peers: install did not satisfy requirements.txt" >&2; exit 1; }
fi
# Compile (and cache) the numba kernel once so the first benchmark run does not pay for it.
"$py" "$here/numba_peer.py" --sims 2048 --repeats 1 --warmup 0 --threads 1 >/dev/null
command -v "$py" 2>/dev/null || echo "$py"
