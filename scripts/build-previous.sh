#!/usr/bin/env bash
# Builds mcsim as it was at COMMIT (by default 2285949, the last commit before the application
# layer's redesign, issue 43) into .build/previous/COMMIT and prints the binary's path, for
# Benchmarks' previous-build suite, which measures the user's jobs on both builds in one run:
#   MCSIM_PREVIOUS_BINARY=$(scripts/build-previous.sh) swift run -c release Benchmarks --filter previous-build
# A release build from scratch: about 15 minutes on 2 cores, once (kept for the next run).
set -euo pipefail
cd "$(dirname "$0")/.."
commit=${1:-2285949}
dir=.build/previous/$commit
if [[ ! -x $dir/.build/release/mcsim ]]; then
  rm -rf "$dir"
  git clone -q . "$dir"
  git -C "$dir" checkout -q "$commit"
  (cd "$dir" && swift build -c release --product mcsim >&2)
fi
echo "$PWD/$dir/.build/release/mcsim"
