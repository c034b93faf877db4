#!/usr/bin/env bash
# Runs every Katana benchmark (release build) and prints the ratio table of BENCHMARKS.md.
# Usage: Benchmarks/run.sh [extra package-benchmark arguments, e.g. --filter "W1.*"]
# The raw package-benchmark output is kept in Benchmarks/.build/latest-run.md.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$here/.build"
raw="$here/.build/latest-run.md"
swift package --package-path "$here" benchmark --format markdown --grouping metric --no-progress "$@" \
  | tee "$raw"
status=${PIPESTATUS[0]}
echo
python3 "$here/report.py" "$raw"
exit "$status"
