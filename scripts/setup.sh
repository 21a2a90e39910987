#!/usr/bin/env bash
# Installs what mcsim needs on Debian (idempotent, quiet when all is there), builds it in
# release mode and runs the main job once.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(libopenblas-dev liblapacke-dev)
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

swift build -c release --product mcsim
.build/release/mcsim run --line 225.5 --home 115 --away 112
