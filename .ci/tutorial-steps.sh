#!/usr/bin/env bash
# The "Meet Katana" tutorial's code, step by step (issue 32): every file the tutorial shows is
# compiled, as an app would compile it, in Tests/TutorialSteps (one target per point of the
# tutorial, its files symbolic links to the tutorial's own code files), with warnings as errors,
# and the tutorial's tests run.
#
# The scratch folder is the package's own `.build`, with the caller's KATANA_WARNINGS_AS_ERRORS:
# Katana and its dependencies then compile with the very commands of CI's first build, so nothing
# but the tutorial's targets compiles (measured on a fresh clone after CI's build: 31 s, against
# 4 min in a scratch folder of its own, where SwiftNIO and Hummingbird compiled a third time).
# The root package's next build finds its products unchanged (19 s, nothing compiled).
set -euo pipefail
cd "$(dirname "$0")/.."
package=Tests/TutorialSteps
swift build --build-tests --package-path "$package" --scratch-path .build
swift test --skip-build --package-path "$package" --scratch-path .build
# Every code file of the tutorial is compiled by some step, under the name the tutorial tells the
# reader to give it (`@Code(name:file:)`): a file compiled under another name can hide a bug the
# reader meets (an `@main` type in a file the reader was told to call main.swift does not compile).
# A package manifest (`*-package.swift`) is the reader's Package.swift: Tests/TutorialSteps's own
# manifest mirrors its targets; it is not compiled as a source file.
tutorial=Sources/Katana/Katana.docc/Tutorials/BuildingAReadingList.tutorial
missing=0
for file in Sources/Katana/Katana.docc/Tutorials/Resources/*.swift; do
  name="$(basename "$file")"
  case "$name" in *-package.swift) continue ;; esac
  shown="$(grep -o "@Code(name: \"[^\"]*\", file: \"$name\")" "$tutorial" | sed 's/@Code(name: "\([^"]*\)".*/\1/' | sort -u)"
  if [ -z "$shown" ]; then
    echo "not shown by any step of $tutorial: $name" >&2
    missing=1
    continue
  fi
  if [ "$(printf '%s\n' "$shown" | wc -l)" -ne 1 ]; then
    echo "$name is shown under several names: $shown" >&2
    missing=1
    continue
  fi
  compiled=0
  for link in "$package"/*/*/*.swift; do
    [ -L "$link" ] || continue
    [ "$(basename "$(readlink "$link")")" = "$name" ] || continue
    compiled=1
    if [ "$(basename "$link")" != "$shown" ]; then
      echo "$link compiles $name, which the tutorial calls $shown: name the link $shown" >&2
      missing=1
    fi
  done
  if [ "$compiled" -eq 0 ]; then
    echo "not compiled by any step of $package: $name" >&2
    missing=1
  fi
done
# The reader's Package.swift, at each step it changes: a manifest that parses and evaluates.
# (Building it would need Katana cloned beside it; the targets above build the same graph.)
for file in Sources/Katana/Katana.docc/Tutorials/Resources/*-package.swift; do
  folder="$(mktemp -d)"
  cp "$file" "$folder/Package.swift"
  if ! swift package --package-path "$folder" dump-package >/dev/null; then
    echo "the reader's manifest $(basename "$file") does not load" >&2
    missing=1
  fi
  rm -rf "$folder"
done
[ "$missing" -eq 0 ]
echo "ok - every step of the tutorial compiles and its tests pass"
