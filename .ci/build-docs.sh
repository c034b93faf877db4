#!/usr/bin/env bash
# Builds the DocC catalog of every library product into one combined archive, with every DocC
# warning (a broken symbol link, an undocumented parameter) an error. Used by .ci/run; README's
# "Documentation" section shows how to preview the result.
set -euo pipefail
cd "$(dirname "$0")/.."

# The library products' targets, each with its catalog in Sources/<Target>/<Target>.docc, and
# KatanaGuidelines, the module of the katana-guidelines command and plugin.
targets=(Katana KatanaTesting KatanaLogging KatanaTracing KatanaUI KatanaTerminal KatanaWeb KatanaPersistence KatanaDevTools KatanaSnapshotTesting KatanaGuidelines)

args=()
for target in "${targets[@]}"; do args+=(--target "$target"); done

# Combined documentation lets KatanaTerminal's pages link to KatanaUI's (``/KatanaUI/Renderer``).
swift package --disable-sandbox generate-documentation "${args[@]}" \
  --enable-experimental-combined-documentation --warnings-as-errors "$@"
