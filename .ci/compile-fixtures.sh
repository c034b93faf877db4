#!/usr/bin/env bash
# Type-checks each fixture in Tests/CompileFixtures against the built Katana module and checks
# its first-line expectation (see Tests/CompileFixtures/README.md). Under a second per fixture.
# Usage: bash .ci/compile-fixtures.sh [bin-path]   (default: `swift build --show-bin-path`)
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-$(swift build --show-bin-path)}"
[ -f "$bin/Modules/Katana.swiftmodule" ] || { echo "no Katana module in $bin/Modules: build first" >&2; exit 2; }
failed=0
for fixture in Tests/CompileFixtures/*.swift; do
  expectation="$(head -n 1 "$fixture")"
  set +e
  output="$(swiftc -typecheck -swift-version 6 -warnings-as-errors -I "$bin/Modules" "$fixture" 2>&1)"
  status=$?
  set -e
  case "$expectation" in
    "// expect: compiles")
      if [ $status -ne 0 ]; then echo "FAIL $fixture: expected to compile"; echo "$output"; failed=1
      else echo "ok   $fixture compiles"; fi ;;
    "// expect-error: "*)
      wanted="${expectation#// expect-error: }"
      if [ $status -eq 0 ]; then echo "FAIL $fixture: expected a compile error"; failed=1
      elif ! grep -qF -- "$wanted" <<<"$output"; then
        echo "FAIL $fixture: the compiler did not say: $wanted"; echo "$output"; failed=1
      else echo "ok   $fixture fails with: $wanted"; fi ;;
    *) echo "FAIL $fixture: first line is not an expectation"; failed=1 ;;
  esac
done
exit $failed
