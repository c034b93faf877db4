#!/usr/bin/env bash
# Two builds of KatanaWebLoad measured in one session, alternating (issue 33's before and after):
#   bash Benchmarks/Web/server_ab.sh BEFORE_BINARY AFTER_BINARY [ROUNDS]
# Each round runs web_load.py (50 clients x 60 updates/s x 10 s) and server_costs.py against
# both builds, the order swapped every round (before first in odd rounds), and prints every line
# labelled with the build and the round; the summary at the end gives each figure's median per
# build over the rounds.
set -euo pipefail
before=$1
after=$2
rounds=${3:-3}
here=$(cd "$(dirname "$0")" && pwd)
log=$(mktemp)
run() { # label binary round
  python3 "$here/web_load.py" "$2" 50 60 10 | sed "s/^/$1 r$3 /" | tee -a "$log"
  python3 "$here/server_costs.py" "$2" | sed "s/^/$1 r$3 /" | tee -a "$log"
}
for round in $(seq 1 "$rounds"); do
  echo "== round $round, load $(cut -d' ' -f1-3 /proc/loadavg)"
  if ((round % 2)); then
    run before "$before" "$round"
    run after "$after" "$round"
  else
    run after "$after" "$round"
    run before "$before" "$round"
  fi
done
echo "== medians over $rounds rounds"
python3 - "$log" <<'PY'
import re, statistics, sys
figures = {}
patterns = {
    "p50 ms": r"latency dispatch -> client: p50 ([\d.]+)",
    "p99 ms": r"latency dispatch -> client: .*p99 ([\d.]+)",
    "late frames": r"late \(> [\d.]+ ms\) (\d+)",
    "KiB per idle page": r"idle_kib ([\d.]+)",
    "µs CPU per input message": r"cpu_per_input_us ([\d.]+)",
    "µs CPU per output message": r"cpu_per_output_us ([\d.]+)",
    "first paint ms": r"first_paint_ms (\d+)",
}
for line in open(sys.argv[1]):
    build = line.split()[0]
    for name, pattern in patterns.items():
        match = re.search(pattern, line)
        if match:
            figures.setdefault((name, build), []).append(float(match.group(1)))
for name in patterns:
    cells = []
    for build in ("before", "after"):
        values = figures.get((name, build), [])
        cells.append(f"{build} {statistics.median(values):g} ({', '.join(f'{v:g}' for v in values)})" if values else f"{build} -")
    print(f"{name}: " + "; ".join(cells))
PY
rm -f "$log"
