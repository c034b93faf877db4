#!/usr/bin/env bash
# usage: bash .ci/watchdog.sh SECONDS COMMAND [ARGUMENTS...]
#
# Runs COMMAND. If it is still running after SECONDS, prints the backtrace of every thread of
# every test process it started (gdb, when installed), then kills it and exits with 124.
#
# Why: a test process that hangs otherwise runs into CI's own limit, and all CI then shows is the
# last lines the tests printed, which name no culprit. The backtraces do: who waits, on what.
set -uo pipefail
limit=$1
shift

# Its own process group, so that the kill reaches swift-test and the test process it started.
setsid "$@" &
leader=$!
started=$SECONDS
while kill -0 "$leader" 2>/dev/null; do
  if (( SECONDS - started >= limit )); then
    if command -v gdb >/dev/null 2>&1; then
      # What the tests printed last is still in buffers: the test process's, then swift-test's,
      # which relays it. Flushed first, so the log names the tests that never finished.
      for pid in $(pgrep -g "$leader" -f '\.xctest') $(pgrep -g "$leader" -f 'swift-test'); do
        timeout 60 gdb -p "$pid" -batch -ex 'call (int)fflush(0)' >/dev/null 2>&1
        sleep 1
      done
    fi
    echo "watchdog: '$*' still running after ${limit} s; the threads of its test processes:" >&2
    for pid in $(pgrep -g "$leader" -f '\.xctest'); do
      echo "--- process $pid: $(tr '\0' ' ' < "/proc/$pid/cmdline" | cut -c1-200)" >&2
      if command -v gdb >/dev/null 2>&1; then
        timeout 120 gdb -p "$pid" -batch -ex 'thread apply all bt' 2>&1 \
          | grep -E '^(Thread|#)' | cut -c1-240 >&2
      else
        echo "(gdb is not installed: no backtraces)" >&2
      fi
    done
    kill -KILL -- "-$leader" 2>/dev/null
    wait "$leader" 2>/dev/null
    echo "watchdog: killed '$*' after ${limit} s" >&2
    exit 124
  fi
  sleep 2
done
wait "$leader"
