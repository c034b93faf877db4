#!/usr/bin/env bash
# The exported-test round trip (issue 23): a test that DevTools exported from a Todos session
# recorded in the browser compiles in a test target, passes, and once one recorded value in it is
# changed, fails with a readable diff.
#
# Usage: bash .ci/exported-test-roundtrip.sh FILE
#   FILE: the exported test (Tests/Browser/browser_tests.py --only todos-export-test --export-test-to FILE).
#
# The file is compiled as an app's test target would compile it: in its own small package
# (Tests/ExportedTestRoundTrip) that depends on Katana by path, in Swift 6 mode with warnings as
# errors. It builds in the root package's `.build` with the caller's KATANA_WARNINGS_AS_ERRORS,
# so Katana's products are the ones CI's first step built and only the test target compiles
# (see .ci/tutorial-steps.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
exported="$1"
package=Tests/ExportedTestRoundTrip
copy="$package/Tests/ExportedSessionTests/RecordedSessionTests.swift"
logs="$(mktemp -d)"
trap 'rm -f "$copy"' EXIT

roundtrip() {
  swift "$1" --package-path "$package" --scratch-path .build "${@:2}"
}

# The session's undo is replayed as the RestoreState History applied for it.
grep -q "Undo, applied by History as katana.restore" "$exported" || {
  echo "FAILED: the exported test does not replay the session's undo" >&2
  exit 1
}
cp "$exported" "$copy"
roundtrip build --build-tests
if ! roundtrip test --skip-build >"$logs/pass.txt" 2>&1; then
  cat "$logs/pass.txt"
  echo "FAILED: the exported test does not pass on the session it was recorded from" >&2
  exit 1
fi
grep -E "Test run with [0-9]+ tests? .*passed" "$logs/pass.txt"
echo "ok - the exported test compiles (warnings as errors) and passes"

# One recorded value changed: the toggle's expected state says the item is still not done.
python3 - "$exported" "$copy" <<'PY'
import sys
source = open(sys.argv[1]).read()
lines = source.split("\n")
for index, line in enumerate(lines):
    if line.lstrip().startswith("$0 = try recorded(") and '"isDone":true' in line:
        lines[index] = line.replace('"isDone":true', '"isDone":false', 1)
        break
else:
    sys.exit("no asserted state with an item done: the session did not record the toggle")
open(sys.argv[2], "w").write("\n".join(lines))
PY
roundtrip build --build-tests
if roundtrip test --skip-build >"$logs/fail.txt" 2>&1; then
  cat "$logs/fail.txt"
  echo "FAILED: the exported test still passes with a changed recorded value" >&2
  exit 1
fi
# The failure names the step and shows the field that differs, expected (-) against actual (+).
sed -n '/does not match the expectation/,/(Expected: -, Actual: +)/p' "$logs/fail.txt"
grep -qE "The state after (TodosCore\.)?TodoActions\.Toggle does not match the expectation" "$logs/fail.txt" &&
  grep -qE '^\s*-\s+isDone: false' "$logs/fail.txt" && grep -qE '^\s*\+\s+isDone: true' "$logs/fail.txt" || {
  cat "$logs/fail.txt"
  echo "FAILED: the changed value's failure does not show a readable diff of isDone" >&2
  exit 1
}
echo "ok - with one recorded value changed, it fails with a diff (- isDone: false, + isDone: true)"
