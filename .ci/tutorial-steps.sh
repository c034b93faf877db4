#!/usr/bin/env bash
# The "Meet Katana" tutorial's code, step by step (issue 32): every file the tutorial shows is
# compiled, as an app would compile it, in Tests/TutorialSteps (one target per point of the
# tutorial, its files symbolic links to the tutorial's own code files), with warnings as errors,
# and the tutorial's tests run. The scratch folder is the one the exported-test round trip uses,
# so Katana's products are built once for both (measured: the round trip's build then took 14 s).
set -euo pipefail
cd "$(dirname "$0")/.."
package=Tests/TutorialSteps
env -u KATANA_WARNINGS_AS_ERRORS swift build --build-tests --package-path "$package" --scratch-path .build-exported
env -u KATANA_WARNINGS_AS_ERRORS swift test --skip-build --package-path "$package" --scratch-path .build-exported
# Every code file of the tutorial is compiled by some step.
missing=0
for file in Sources/Katana/Katana.docc/Tutorials/Resources/*.swift; do
  name="$(basename "$file")"
  if ! compgen -G "$package/*/*/$name" >/dev/null; then
    echo "not compiled by any step of $package: $name" >&2
    missing=1
  fi
done
[ "$missing" -eq 0 ]
echo "ok - every step of the tutorial compiles and its tests pass"
