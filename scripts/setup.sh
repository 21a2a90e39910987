#!/usr/bin/env bash
# Installs what mcsim needs on Debian (idempotent, quiet when all is there), builds it in
# release mode and runs the main job once.
set -euo pipefail
cd "$(dirname "$0")/.."

# OpenBLAS and LAPACKE for the multivariate path; wrk, the load generator of the serve benchmark;
# python3-venv for the test tools' own environment below; chromium, the headless browser the
# picture tests render every SVG with (they fail, saying so, where it is missing); the aarch64
# cross toolchain and qemu-user, with which CrossArchitectureTests builds the C kernels for
# aarch64 (NEON) and runs them against this machine's bits; Slurm (slurmctld, slurmd, slurmdbd, its
# client commands), munge and MariaDB, with which deploy/slurm/run-local.sh brings up a one-node
# cluster under its own state directory and runs the sharded slate on it (ShardMergeTests).
packages=(libopenblas-dev liblapacke-dev wrk python3-venv chromium gcc gcc-aarch64-linux-gnu qemu-user
  munge slurmctld slurmd slurm-client slurmdbd mariadb-server)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  echo "installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Test tools, pinned, in .tools/venv (the system's Python is left alone): schemathesis fuzzes the
# server from its OpenAPI document (ServingTests); kubernetes-validate checks deploy/'s
# manifests against the Kubernetes schema (ShardMergeTests).
if ! .tools/venv/bin/st --version >/dev/null 2>&1 || ! .tools/venv/bin/kubernetes-validate --version >/dev/null 2>&1; then
  echo "installing schemathesis and kubernetes-validate into .tools/venv" >&2
  python3 -m venv .tools/venv
  .tools/venv/bin/pip install -q --disable-pip-version-check schemathesis==4.32.5 kubernetes-validate==1.37.0
fi

# mcsim and the test suite in one release build: the README's test command (`swift test -c release
# --disable-testable-imports`) then finds everything built. (Plain `swift test -c release` builds
# with testable imports, which no test uses, and would compile every module and dependency again.)
swift build -c release --build-tests
.build/release/mcsim run --line 225.5 --home 115 --away 112
