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
# Without synthesized symbols (the members every type gets from the standard library's protocol
# extensions, `!=` and the like, which no page of ours documents or links to): the pages list only
# what Katana declares, and the step took 1 min 52 s instead of 2 min 26 s on this machine.
swift package --disable-sandbox generate-documentation "${args[@]}" \
  --enable-experimental-combined-documentation --experimental-skip-synthesized-symbols --warnings-as-errors "$@"
