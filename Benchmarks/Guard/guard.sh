#!/usr/bin/env bash
# The CI cost guard: fails when a core workload's instructions or mallocs per dispatch grow more
# than 5 % over Benchmarks/Guard/budget.json. See BENCHMARKS.md, "Regression guard".
# Usage: Benchmarks/Guard/guard.sh            check against the budget
#        Benchmarks/Guard/guard.sh --update   measure and write the budget (then commit it)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
swift build -c release --package-path "$here" --product KatanaCost
built="$(swift build -c release --package-path "$here" --show-bin-path)/KatanaCost"
mkdir -p "$here/.build"
# Counted on a copy without debug information: when KatanaCost linked SwiftNIO (DevTools with
# its server), valgrind 3.19 gave up on the binary's DWARF 5 ("unhandled dwarf2 abbrev form
# code"). The guard's package now builds DevTools without the server, but a copy keeps it safe
# from any dependency's debug information. Instruction counts do not depend on it.
bin="$here/.build/KatanaCost-stripped"
strip --strip-debug -o "$bin" "$built"
gcc -O2 -shared -fPIC -o "$here/.build/malloc_count.so" "$here/malloc_count.c"
python3 "$here/guard.py" --binary "$bin" --malloc-counter "$here/.build/malloc_count.so" \
  --budget "$here/budget.json" "$@"
