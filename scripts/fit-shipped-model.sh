#!/usr/bin/env bash
# Refits the model mcsim ships (the default of every command and page without --model): every
# projection source (market, stats, ratings) fitted by `mcsim calibrate --every-source` on the
# regular seasons of data/nba_games_lines.csv, each with its quarter model from data/nba_periods.csv,
# written into Sources/LineFeeds/ShippedModel.swift.
# ShippedModelTests checks that this command gives the file committed.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product mcsim
out=$(mktemp)
trap 'rm -f "$out"' EXIT
.build/release/mcsim calibrate data/nba_games_lines.csv --every-source --periods data/nba_periods.csv --seed 1 --out "$out" > /dev/null
{
  echo '// swift-format-ignore-file'
  echo '// Written by scripts/fit-shipped-model.sh (mcsim calibrate data/nba_games_lines.csv --every-source'
  echo '// --periods data/nba_periods.csv --seed 1): do not edit by hand. The model every command and page uses without --model.'
  echo 'enum ShippedModel {'
  echo '  static let json = #"""'
  cat "$out"
  echo '"""#'
  echo '}'
} > Sources/LineFeeds/ShippedModel.swift
echo "Sources/LineFeeds/ShippedModel.swift written"
