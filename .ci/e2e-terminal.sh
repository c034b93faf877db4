#!/usr/bin/env bash
# End-to-end tests of the terminal examples (Counter (its terminal screen), Minesweeper, Todos'
# navigation, Notes' widget kit) under tmux.
#
# Each app runs in a detached tmux session of a fixed size, is driven with `send-keys` (single
# keys, batched keys, and SGR mouse reports) and `paste-buffer -p` (a bracketed paste), and its
# screen is read with `capture-pane`. Every wait polls the screen (or a tmux flag, or a file) with
# a bounded timeout; nothing sleeps and hopes. After each app exits (a quit key, or SIGTERM) the
# script checks that the terminal was restored: the alternate screen is left, the cursor is
# visible, mouse reporting is off, and `stty -g` is what it was before the app started. Job
# control is checked the same way while the app is stopped (Ctrl-Z, `kill -TSTP`), and after
# `fg` the app must be back in raw mode and redraw at the size the window has now.
#
# Usage: bash .ci/e2e-terminal.sh            (builds with the default scratch path .build)
#        E2E_SCRATCH_PATH=.build-x bash .ci/e2e-terminal.sh
#        E2E_BIN=path/to/bin bash .ci/e2e-terminal.sh   (uses already built binaries)
set -euo pipefail
cd "$(dirname "$0")/.."

SCRATCH="${E2E_SCRATCH_PATH:-.build}"
TIMEOUT="${E2E_TIMEOUT_SECONDS:-20}"
WIDTH=80
HEIGHT=30

if ! command -v tmux >/dev/null 2>&1; then
  echo "tmux is missing: installing it"
  apt-get update -qq && apt-get install -y -qq tmux >/dev/null
fi

if [ -n "${E2E_BIN:-}" ]; then
  BIN="$E2E_BIN"  # prebuilt binaries, for working on this script
else
  echo "Building the examples (scratch path $SCRATCH)"
  swift build --scratch-path "$SCRATCH" --product Counter
  swift build --scratch-path "$SCRATCH" --product Minesweeper
  swift build --scratch-path "$SCRATCH" --product Todos
  swift build --scratch-path "$SCRATCH" --product Notes
  BIN="$(swift build --scratch-path "$SCRATCH" --show-bin-path)"
fi

WORK="$(mktemp -d)"
SOCKET="katana-e2e-$$"
TMUX_CMD=(tmux -L "$SOCKET" -f /dev/null)
SESSION=none
FAILURES=0

cleanup() {
  "${TMUX_CMD[@]}" kill-server >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

screen() { "${TMUX_CMD[@]}" capture-pane -p -t "$SESSION"; }

fail() {
  echo "FAIL: $*"
  echo "----- screen -----"
  screen || true
  echo "------------------"
  FAILURES=$((FAILURES + 1))
  return 1
}

# wait_for TEXT: polls the screen until it contains TEXT (fixed string), for at most $TIMEOUT s.
wait_for() {
  local text="$1" deadline=$((SECONDS + TIMEOUT))
  while ((SECONDS < deadline)); do
    if screen | grep -qF -- "$text"; then return 0; fi
    sleep 0.05
  done
  fail "timed out after ${TIMEOUT}s waiting for: $text"
}

# wait_for_line N TEXT: polls until screen line N (1-based) is exactly TEXT (trailing spaces trimmed).
wait_for_line() {
  local number="$1" text="$2" deadline=$((SECONDS + TIMEOUT)) line=""
  while ((SECONDS < deadline)); do
    line="$(screen | sed -n "${number}p" | sed 's/[[:space:]]*$//')"
    if [ "$line" = "$text" ]; then return 0; fi
    sleep 0.05
  done
  fail "timed out waiting for line $number to be '$text' (last: '$line')"
}

flag() { "${TMUX_CMD[@]}" display-message -p -t "$SESSION" "#{$1}"; }

# wait_for_flag NAME VALUE: polls until the tmux flag NAME is VALUE, for at most $TIMEOUT s.
wait_for_flag() {
  local name="$1" value="$2" deadline=$((SECONDS + TIMEOUT))
  while ((SECONDS < deadline)); do
    if [ "$(flag "$name")" = "$value" ]; then return 0; fi
    sleep 0.05
  done
  fail "timed out waiting for $name to be $value"
}

# wait_for_file PATH: polls until PATH exists and is not empty.
wait_for_file() {
  local deadline=$((SECONDS + TIMEOUT))
  while ((SECONDS < deadline)); do
    if [ -s "$1" ]; then return 0; fi
    sleep 0.05
  done
  fail "timed out waiting for $1"
}

# paste TEXT: pastes TEXT as the terminal would, bracketed when the app asked for it.
paste_text() {
  "${TMUX_CMD[@]}" set-buffer -- "$1"
  "${TMUX_CMD[@]}" paste-buffer -p -t "$SESSION"
}

keys() { "${TMUX_CMD[@]}" send-keys -t "$SESSION" "$@"; }

# click BUTTON X Y: an SGR (mode 1006) press and release at 1-based column X, row Y.
# BUTTON is 0 (left) or 2 (right).
click() { printf '\033[<%d;%d;%dM\033[<%d;%d;%dm' "$1" "$2" "$3" "$1" "$2" "$3"; }

# start_shell NAME: a fresh shell in a new session of $WIDTH x $HEIGHT; the previous one is closed.
start_shell() {
  local previous="$SESSION"
  SESSION="$1"
  "${TMUX_CMD[@]}" new-session -d -s "$SESSION" -x "$WIDTH" -y "$HEIGHT" \
    "env -i PATH=\"$PATH\" HOME=\"$HOME\" TERM=xterm-256color LANG=C.UTF-8 PS1='$ ' bash --norc --noprofile"
  "${TMUX_CMD[@]}" set-option -t "$SESSION" -g status off >/dev/null
  # Closed only now: closing the last session first would stop the server under our feet.
  if [ "$previous" != none ]; then "${TMUX_CMD[@]}" kill-session -t "$previous" >/dev/null 2>&1 || true; fi
  wait_for '$'
}

# launch NAME COMMAND...: runs the app in the shell, recording stty before and after and the exit status.
launch() {
  local name="$1"
  shift
  keys "clear; stty -g > $WORK/$name.before; echo E2E-MARKER-$name; $*; echo EXIT-$name=\$?; stty -g > $WORK/$name.after" Enter
}

# expect_released NAME: while the app is stopped the shell has its terminal back as it was.
expect_released() {
  local name="$1"
  [ "$(flag alternate_on)" = 0 ] || fail "$name: stopped on the alternate screen"
  [ "$(flag cursor_flag)" = 1 ] || fail "$name: stopped with the cursor hidden"
  [ "$(flag mouse_sgr_flag)" = 0 ] || fail "$name: stopped with SGR mouse reports on"
  [ "$(flag mouse_standard_flag)" = 0 ] || fail "$name: stopped with mouse tracking on"
  rm -f "$WORK/$name.during"
  keys "stty -g > $WORK/$name.during" Enter
  wait_for_file "$WORK/$name.during" || return 1
  cmp -s "$WORK/$name.before" "$WORK/$name.during" || fail "$name: stty settings differ while stopped"
}

# app_pid: the pid of the program running in the pane's shell.
app_pid() { pgrep -P "$(flag pane_pid)" | head -n 1; }

# The app's screen: the alternate screen, SGR mouse reports, and the terminal's cursor shown
# (on the focused control, where screen readers and braille displays follow it).
expect_app_screen_modes() {
  [ "$(flag alternate_on)" = 1 ] || fail "the app should be on the alternate screen"
  wait_for_flag cursor_flag 1 || fail "the app should show the cursor on the focused control"
  [ "$(flag mouse_sgr_flag)" = 1 ] || fail "the app should enable SGR mouse reports"
}

# expect_cursor_on TEXT: the terminal's cursor is on the first character of TEXT's first
# occurrence on the screen (the focused control's title), within $TIMEOUT s.
expect_cursor_on() {
  local text="$1" deadline=$((SECONDS + TIMEOUT)) row line prefix
  while ((SECONDS < deadline)); do
    row=0
    while IFS= read -r line; do
      if [[ "$line" == *"$text"* ]]; then
        prefix="${line%%"$text"*}"
        if [ "$(flag cursor_y)" = "$row" ] && [ "$(flag cursor_x)" = "${#prefix}" ]; then return 0; fi
        break
      fi
      row=$((row + 1))
    done < <(screen)
    sleep 0.05
  done
  fail "the cursor is at $(flag cursor_x),$(flag cursor_y), not on \"$text\""
}

# expect_restored NAME EXIT: the app exited with EXIT and left the terminal as it found it.
expect_restored() {
  local name="$1" status="$2"
  wait_for "EXIT-$name=$status" || return 1
  local deadline=$((SECONDS + TIMEOUT))
  while [ ! -s "$WORK/$name.after" ] && ((SECONDS < deadline)); do sleep 0.05; done
  [ "$(flag alternate_on)" = 0 ] || fail "$name: still on the alternate screen"
  [ "$(flag cursor_flag)" = 1 ] || fail "$name: cursor still hidden"
  [ "$(flag mouse_sgr_flag)" = 0 ] || fail "$name: SGR mouse reports still on"
  [ "$(flag mouse_standard_flag)" = 0 ] || fail "$name: mouse tracking still on"
  screen | grep -qF "E2E-MARKER-$name" || fail "$name: the shell's screen was not restored"
  cmp -s "$WORK/$name.before" "$WORK/$name.after" || fail "$name: stty settings differ after exit"
  echo "ok: $name exited with $status and restored the terminal"
}

check() {
  local description="$1"
  shift
  if "$@"; then echo "ok: $description"; else echo "not ok: $description"; fi
}

echo "== Minesweeper rejects a bad command line before touching the terminal"
bad_output="$("$BIN/Minesweeper" --seed forty-two 2>&1 </dev/null)" && bad_status=0 || bad_status=$?
# swift-argument-parser reports usage errors with EX_USAGE (64).
if [ "$bad_status" = 64 ] && grep -qF -- "The value 'forty-two' is invalid for '--seed <seed>'" <<<"$bad_output"; then
  echo "ok: --seed forty-two exits 64 with a clear message"
else
  echo "not ok: --seed forty-two gave status $bad_status and: $bad_output"
  FAILURES=$((FAILURES + 1))
fi

############################################################################################
echo "== Counter"
start_shell counter
launch counter "$BIN/Counter"
check "counter shows its first frame" wait_for "Count: 0"
check "the first button has the focus" wait_for "[Decrement]"
check "the app is on the alternate screen, cursor shown, mouse on" expect_app_screen_modes
check "the terminal's cursor is on the focused button" expect_cursor_on "[Decrement]"
keys Tab
check "Tab moves the focus to Increment" wait_for "[Increment]"
check "and the terminal's cursor with it" expect_cursor_on "[Increment]"
keys Enter
check "Enter presses Increment" wait_for "Count: 1"
keys -l "   "
check "a batch of three Spaces presses it three times" wait_for "Count: 4"
# Decrement sits in the bottom-left half: click at column 20, row 22.
keys -l "$(click 0 20 22)"
check "a mouse click presses Decrement" wait_for "Count: 3"
check "the clicked button takes the focus" wait_for "[Decrement]"
"${TMUX_CMD[@]}" resize-window -t "$SESSION" -x 50 -y 12
check "after a resize the buttons are laid out in the new width" wait_for_line 9 "       [Decrement]               Increment"
check "the count survives the resize" wait_for "Count: 3"
keys q
check "q quits and prints the final count" wait_for "Final count: 3"
check "counter restored the terminal" expect_restored counter 0

echo "== Counter with DevTools"
start_shell devtools
launch devtools "$BIN/Counter" --devtools
check "the screen shows the DevTools address on its bottom line" wait_for "DevTools: http://127.0.0.1:"
keys Enter
check "the app works with DevTools attached" wait_for "Count: -1"
devtools_url="$(screen | grep -o 'http://127\.0\.0\.1:[0-9]*/?token=[0-9a-f]*' | head -n 1)"
# expect_http_status URL CODE: a GET of URL answers CODE (python3, which CI has, rather than curl).
expect_http_status() {
  local status
  status="$(python3 -c 'import sys, urllib.request, urllib.error
try:
    print(urllib.request.urlopen(sys.argv[1], timeout=10).status)
except urllib.error.HTTPError as error:
    print(error.code)' "$1" 2>&1)"
  [ "$status" = "$2" ] || fail "GET $1 answered $status, expected $2"
}
check "the DevTools page answers with its token" expect_http_status "$devtools_url" 200
check "the DevTools page refuses a wrong token" expect_http_status "${devtools_url%token=*}token=0000" 403
keys q
check "q quits and prints the final count" wait_for "Final count: -1"
check "counter with DevTools restored the terminal" expect_restored devtools 0

echo "== Minesweeper --web: the per-run token"
start_shell web
launch web "$BIN/Minesweeper" --web --port 0
check "the one printed line carries the token" wait_for "Serving on http://127.0.0.1:"
web_url="$(screen | grep -o 'http://127\.0\.0\.1:[0-9]*/?token=[0-9a-f]*' | head -n 1)"
check "the page answers with its token" expect_http_status "$web_url" 200
check "the page refuses a missing token" expect_http_status "${web_url%\?token=*}" 403
check "the script refuses a wrong token" expect_http_status "${web_url%\?token=*}katana.js?token=0000000000000000" 403
keys C-c
check "Ctrl-C stops the server cleanly" wait_for "EXIT-web=0"
# refuses COMMAND…: the command exits non-zero without serving (argument validation).
refuses() { ! timeout 10 "$@" >/dev/null 2>&1; }
check "--no-token is refused off loopback" refuses "$BIN/Minesweeper" --web --host 0.0.0.0 --no-token
check "a malformed --token is refused" refuses "$BIN/Minesweeper" --web --token short

echo "== Counter stopped by SIGTERM"
start_shell sigterm
launch sigterm "$BIN/Counter"
check "counter starts" wait_for "Count: 0"
pid="$(app_pid || true)"
if [ -n "$pid" ]; then kill -TERM "$pid"; else fail "no app process to signal" || true; fi
check "SIGTERM exits with 143 and restores the terminal" expect_restored sigterm 143

echo "== Counter interrupted by SIGINT"
start_shell sigint
launch sigint "$BIN/Counter"
check "counter starts" wait_for "Count: 0"
pid="$(app_pid || true)"
if [ -n "$pid" ]; then kill -INT "$pid"; else fail "no app process to signal" || true; fi
check "SIGINT exits with 130 and restores the terminal" expect_restored sigint 130

echo "== Counter crashing (SIGSEGV)"
# A segmentation fault delivered with kill. The Swift runtime's backtracer is turned off: it
# expects a real fault, and after a signal sent by kill its handler returns and the process hangs
# instead of dying. With it off, the crash guard restores the terminal and the default action
# ends the process. (With a real fault, the guard restores first and the backtracer then runs.)
start_shell crash
launch crash SWIFT_BACKTRACE=enable=no "$BIN/Counter"
check "counter starts" wait_for "Count: 0"
pid="$(app_pid || true)"
if [ -n "$pid" ]; then kill -SEGV "$pid"; else fail "no app process to signal" || true; fi
check "a crash still restores the terminal (exit 139)" expect_restored crash 139

echo "== Counter suspended (Ctrl-Z, kill -TSTP) and resumed (fg); a paste is not a key"
start_shell suspend
# The app runs as a command of its own: in a list, bash would go on with the list when it stops.
keys "clear; stty -g > $WORK/suspend.before; echo E2E-MARKER-suspend" Enter
wait_for_file "$WORK/suspend.before"
keys "$BIN/Counter" Enter
check "counter starts" wait_for "Count: 0"
keys Tab Enter
check "Enter on Increment counts" wait_for "Count: 1"
keys C-z
check "Ctrl-Z stops the app and the shell reports it" wait_for "Stopped"
check "while stopped, the terminal is the shell's again (screen, cursor, mouse, stty)" expect_released suspend
"${TMUX_CMD[@]}" resize-window -t "$SESSION" -x 50 -y 12
keys fg Enter
check "after fg the app is back on the alternate screen" wait_for_flag alternate_on 1
check "and redraws everything at the size the window got while it was stopped" \
  wait_for_line 9 "        Decrement               [Increment]"
check "with the cursor shown and the mouse on" expect_app_screen_modes
# One key, no Enter: it only arrives in raw mode (in line mode it would echo and wait).
keys Space
check "keys arrive at once after fg (raw mode)" wait_for "Count: 2"
pid="$(app_pid || true)"
if [ -n "$pid" ]; then kill -TSTP "$pid"; else fail "no app process to signal" || true; fi
check "kill -TSTP stops it the same way" wait_for_flag alternate_on 0
check "the terminal is the shell's again" expect_released suspend
"${TMUX_CMD[@]}" resize-window -t "$SESSION" -x 80 -y 30
keys fg Enter
check "fg brings it back" wait_for_flag alternate_on 1
check "redrawn at 80 columns again" wait_for_line 22 "               Decrement                              [Increment]"
keys -l "  "
check "and it still counts" wait_for "Count: 4"
# A pasted q is text, not the quit key: the app keeps running and counts the next Space.
paste_text "q"
keys Space
check "a pasted q does not quit" wait_for "Count: 5"
keys q
check "a typed q quits" wait_for "Final count: 5"
keys "echo EXIT-suspend=\$?; stty -g > $WORK/suspend.after" Enter
check "counter restored the terminal after suspend and resume" expect_restored suspend 0

############################################################################################
# Board for --seed 42, first move on the top-left cell (* = mine):
#   0 0 0 1 1 2 * 1 0
#   0 0 0 2 * 3 1 1 0
#   0 0 0 2 * 2 0 0 0
#   0 1 1 2 2 2 1 0 0
#   0 2 * 2 1 * 1 0 0
#   0 2 * 2 2 2 2 0 0
#   0 1 1 2 2 * 1 0 0
#   1 1 1 2 * 2 1 0 0
#   * 1 1 * 2 1 0 0 0
# On an 80-column screen the board starts at column 27 (1-based), 3 columns per cell, and row 4:
# cell (c, r) is clicked at column 28 + 3c, row 4 + r.
cell_click() { click "$1" $((28 + 3 * $2)) $((4 + $3)); }

echo "== Minesweeper: a win with keyboard and mouse, a resize, a restart"
start_shell sweeper
launch sweeper "$BIN/Minesweeper" --seed 42 --difficulty beginner
check "the beginner board appears" wait_for "MINESWEEPER  Beginner 9x9  Mines left: 10"
check "the top-left cell has the focus" wait_for_line 4 "                          [.] .  .  .  .  .  .  .  ."
check "the app is on the alternate screen, cursor shown, mouse on" expect_app_screen_modes
keys Enter
check "Enter on the first cell opens an area (flood fill)" wait_for_line 4 "                          [ ]       1  .  .  .  .  ."
check "the flood stops at numbered cells" wait_for_line 7 "                              1  1  2  .  .  .  .  ."
# One batched call: four Rights, a Down and f, flagging the mine at (4, 1).
keys -l $'\e[C\e[C\e[C\e[C\e[Bf'
check "a batch of arrows and f flags the cell under the focus" wait_for "Mines left: 9"
check "the flag is drawn under the focus" wait_for_line 5 "                                    2 [F] .  .  .  ."
# A right click on the flag removes it.
keys -l "$(cell_click 2 4 1)"
check "a right click unflags" wait_for "Mines left: 10"
# Left clicks on every safe hidden cell, in one batch: (8, 8) opens the right side.
batch="$(cell_click 0 8 8)"
for cell in "4 0" "5 0" "4 3" "3 4" "4 4" "3 5" "4 5" "5 5" "2 6" "3 6" "4 6" "2 7" "3 7" "1 8" "2 8" "4 8"; do
  set -- $cell
  batch+="$(cell_click 0 "$1" "$2")"
done
keys -l "$batch"
check "clicking every safe cell wins" wait_for "YOU WIN!"
check "the mines are shown flagged after a win" wait_for_line 12 "                           F  1  1  F [2] 1"
check "the mine counter reads 0 after a win" wait_for "Mines left: 0"
"${TMUX_CMD[@]}" resize-window -t "$SESSION" -x 60 -y 25
check "after a resize the title is centred in 60 columns" wait_for_line 2 "          MINESWEEPER  Beginner 9x9  Mines left: 0"
check "and the board moved with it" wait_for_line 12 "                 F  1  1  F [2] 1"
keys r
check "r restarts with a hidden board" wait_for_line 6 "                 .  .  .  .  .  .  .  .  ."
keys q
check "q quits" wait_for "Minesweeper: beginner, ready"
check "Minesweeper restored the terminal" expect_restored sweeper 0

echo "== Minesweeper: sequences split by a pause, and a paste, never trigger shortcuts"
start_shell pasting
launch pasting "$BIN/Minesweeper" --seed 42 --difficulty beginner
check "the board appears" wait_for "MINESWEEPER  Beginner 9x9"
# A left click on the top-left cell cut after "2" of its column by a pause longer than the 25 ms
# escape timeout (the pause makes the split; no check waits on it). Read as keys, the "2" would
# pick Intermediate. (No part may end in ";": tmux would take it as a command separator.)
keys -l $'\e[<0;2'
sleep 0.1
keys -l $'8;4M\e[<0;28;4m'
check "a split mouse report is one click: the first move opens an area" \
  wait_for_line 4 "                          [ ]       1  .  .  .  .  ."
keys -l $'\e['
sleep 0.1
keys -l 'C'
check "a split arrow is one arrow: the focus moves right" \
  wait_for_line 4 "                             [ ]    1  .  .  .  .  ."
check "and the difficulty did not change" wait_for "MINESWEEPER  Beginner 9x9"
# Pasted "3" would pick Expert if it were a key; d then goes from Beginner to Intermediate
# (from Expert it would wrap to Beginner, so Intermediate shows only if the paste was text).
paste_text "3"
keys d
check "a pasted 3 is ignored and d picks the next difficulty" wait_for "MINESWEEPER  Intermediate 16x16"
keys q
check "q quits" wait_for "Minesweeper: intermediate, ready"
check "Minesweeper restored the terminal" expect_restored pasting 0

echo "== Minesweeper: a loss"
start_shell boom
launch boom "$BIN/Minesweeper" --seed 42 --difficulty beginner
check "the board appears" wait_for "Mines left: 10"
keys Enter
check "the first move opens an area" wait_for_line 4 "                          [ ]       1  .  .  .  .  ."
keys -l "$(cell_click 0 6 0)"
check "clicking a mine loses" wait_for "BOOM! You lost."
check "the exploded mine and the other mines are revealed" wait_for_line 4 "                                    1  .  . [X] .  ."
check "moves after a loss are ignored" wait_for_line 12 "                           *  .  .  *  .  .  .  .  ."
keys C-c
check "Ctrl-C quits" wait_for "Minesweeper: beginner, lost"
check "Minesweeper restored the terminal after Ctrl-C" expect_restored boom 0

############################################################################################
# Todos with 40 items in an 80x24 terminal: the title bar (line 1), the heading with settings
# (line 2), the field (line 3), a blank line, the list on lines 5-21 (17 rows), the footer (line
# 22) and the help line (23). A row is its box and its title, both buttons too narrow for
# brackets: the focused one shows in inverse video only.
echo "== Todos: 40 items reached by Down and by Page Down, and nothing overlaps"
todos_data="$WORK/todos-data"
for number in $(seq 1 40); do "$BIN/Todos" add --data "$todos_data" "item $number" >/dev/null; done

# todos_line N TEXT [focused]: polls until screen line N, without its leading and trailing
# spaces, is TEXT; with `focused`, also until that line holds the inverse video of the focus.
todos_line() {
  local number="$1" text="$2" focused="${3:-}" deadline=$((SECONDS + TIMEOUT)) line="" styled=""
  while ((SECONDS < deadline)); do
    line="$(screen | sed -n "${number}p" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')"
    if [ "$line" = "$text" ]; then
      [ -z "$focused" ] && return 0
      styled="$("${TMUX_CMD[@]}" capture-pane -e -p -t "$SESSION" | sed -n "${number}p")"
      if [[ "$styled" == *$'\e[7m'* ]]; then return 0; fi
    fi
    sleep 0.05
  done
  fail "timed out waiting for line $number to be '$text'${focused:+, focused} (last: '$line')"
}

# todos_nothing_overlaps [LEFT]: every list line is exactly one item, and the lines around the
# list are the title bar, the heading, the field, a blank line, the footer (LEFT items left, 40
# by default) and the help line, whole.
todos_nothing_overlaps() {
  local captured bad left="${1:-40}"
  captured="$(screen)"
  [ "$(sed -n 1p <<<"$captured" | sed 's/^ *//; s/ *$//')" = "Todos" ] || fail "line 1 is not the title bar" || return 1
  sed -n 2p <<<"$captured" | grep -qE '^ +todos +settings *$' || fail "line 2 is not the heading" || return 1
  [ -z "$(sed -n 4p <<<"$captured" | tr -d ' ')" ] || fail "line 4 should be blank" || return 1
  bad="$(sed -n 5,21p <<<"$captured" | grep -vE '^ *\[[ x]\] item [0-9]+ *$' || true)"
  [ -z "$bad" ] || fail "list lines that are not one item each: $bad" || return 1
  sed -n 22p <<<"$captured" | grep -qE "^ $left items left  .*undo redo *\$" || fail "the footer line is not whole" || return 1
  sed -n 23p <<<"$captured" | grep -qF ' Tab moves' || fail "the help line is not whole" || return 1
}

start_shell todoslist
"${TMUX_CMD[@]}" resize-window -t "$SESSION" -x 80 -y 24
launch todoslist "$BIN/Todos" --data "$todos_data"
check "the list shows items 1 to 17" todos_line 21 "[ ] item 17"
check "nothing is drawn over the list on the first screen" todos_nothing_overlaps
# One batch of 40 Downs: the first leaves the field for item 1, each next one goes a row down.
down_keys=()
for _ in $(seq 1 40); do down_keys+=(Down); done
keys "${down_keys[@]}"
check "Down reaches item 40, focused on the list's last line" todos_line 21 "[ ] item 40" focused
check "items 24 to 40 are shown" todos_line 5 "[ ] item 24"
check "nothing overlaps after scrolling by Down" todos_nothing_overlaps
keys PageUp PageUp PageUp
check "Page Up goes back to item 1, focused" todos_line 5 "[ ] item 1" focused
keys PageDown
check "Page Down moves the focus a page down" todos_line 5 "[ ] item 17" focused
keys PageDown
check "a second Page Down reaches item 40" todos_line 21 "[ ] item 40" focused
check "nothing overlaps after paging" todos_nothing_overlaps
# The wheel (SGR button 64 up, 65 down) over the list scrolls it and leaves the focus on item 40.
wheel_up=""
for _ in $(seq 1 30); do wheel_up+=$'\e[<64;40;10M'; done
keys -l "$wheel_up"
check "the wheel scrolls back to item 1" todos_line 5 "[ ] item 1"
keys Enter
check "Enter toggles the focused item 40, out of view, and the count follows" wait_for "39 items left"
check "the list stays where the wheel left it" todos_line 5 "[ ] item 1"
check "nothing overlaps after the wheel" todos_nothing_overlaps 39
keys C-q
check "Ctrl-Q quits and saves" wait_for "Todos: 39 left, 1 done"
check "Todos restored the terminal after scrolling" expect_restored todoslist 0

# absent TEXT: the screen does not show TEXT now.
absent() { ! screen | grep -qF -- "$1"; }

echo "== Todos: a row opens its item's screen, Esc leaves a field and then the screen"
for title in milk eggs bread; do "$BIN/Todos" add --data "$WORK/todos" "$title" >/dev/null; done
start_shell todos
launch todos "$BIN/Todos" --data "$WORK/todos"
check "the list shows under the title bar" wait_for_line 1 " Todos"
check "the window title says where the user is" wait_for_flag pane_title "Todos"
# From the field: Down to the first row's box, Right to its title, Down to the next title.
keys Down
keys Right
keys Down
keys Enter
check "Enter on a row's title opens the item" wait_for_line 1 "‹ Back Todos › eggs"
check "the item's fields show its title" wait_for "Title     eggs"
check "the window title follows" wait_for_flag pane_title "Todos › eggs"
check "the list is gone from the screen" absent "[ ] milk"
keys Tab
keys -l " x"
check "Tab reaches the title field, which takes typing" wait_for "Title     eggs x"
keys Escape
check "Esc in a field leaves the field, not the screen" wait_for "unsaved changes"
keys Escape
check "the next Esc leaves the item's screen" wait_for_line 1 " Todos"
check "and the list is back" wait_for "[ ] milk"
check "the window title is back to the list" wait_for_flag pane_title "Todos"
check "nothing overlaps: the bar, the heading and the rows keep their lines" wait_for_line 2 \
  "                                     todos                             settings"
keys C-q
check "Ctrl-Q quits" wait_for "Todos: 3 left, 0 done"
check "Todos restored the terminal" expect_restored todos 0

############################################################################################
# Notes in an 80x24 terminal: the folders as tabs (line 2), a note's text area, Ctrl-S and its
# "Saved" toast, the delete dialog, the reader's scroll view, the slow search, and an import of
# 3,000 notes with its progress bar, cancelled by Esc and then run to its end (about 4 s).
echo "== Notes: tabs, text area, toast, dialog, reader, search, import with progress and cancel"
notes_data="$WORK/notes-data"
"$BIN/Notes" add --data "$notes_data" --body "the first line" "Garden plan" >/dev/null
"$BIN/Notes" add --data "$notes_data" --folder Work "Quarterly report" >/dev/null
notes_file="$WORK/many-notes.jsonl"
{
  printf '{"count":3000,"format":"katana-notes","version":1}\n'
  for number in $(seq 1 3000); do
    printf '{"body":"","folder":"Ideas","isPinned":false,"title":"imported %d"}\n' "$number"
  done
} >"$notes_file"

# gone TEXT: polls until the screen no longer shows TEXT, for at most $TIMEOUT s.
gone() {
  local deadline=$((SECONDS + TIMEOUT))
  while ((SECONDS < deadline)); do
    if ! screen | grep -qF -- "$1"; then return 0; fi
    sleep 0.05
  done
  fail "timed out waiting for '$1' to go"
}

start_shell notes
"${TMUX_CMD[@]}" resize-window -t "$SESSION" -x 80 -y 24
launch notes "$BIN/Notes" --data "$notes_data"
check "the folders are tabs, the selected one bracketed, with their counts" wait_for_line 2 " [Notes 1]  Work 1   Ideas 0"
check "the order is a picker" wait_for "Order ‹ Last edited ›"
check "the help line is drawn from the key bindings" wait_for " p pins · f folder · o order · / search"
keys -l "Shopping"
keys Enter
check "Enter writes the note and opens it" wait_for_line 1 "‹ Back Notes › Shopping"
check "the pinned switch and the folder picker" wait_for " [off] Pinned   Folder ‹ Notes ›"
# From the title: the switch, the picker, then the text area.
keys Tab Tab Tab
keys -l "milk"
keys Enter
keys -l "eggs"
check "the text area takes lines" wait_for_line 6 " eggs"
check "the status line counts them, unsaved" wait_for "unsaved changes · 2 lines"
keys C-s
check "Ctrl-S saves, and a toast says so" wait_for "Saved"
check "the status line follows" wait_for "saved · 2 lines"
check "the toast goes by itself after two seconds" gone "Saved"
keys -l "$(click 0 23 22)"
check "delete asks in a dialog" wait_for "Delete note?"
check "Cancel has the focus" wait_for "[Cancel]"
keys Escape
check "Esc closes the dialog and keeps the note" gone "Delete note?"
keys C-r
check "Ctrl-R opens the reader" wait_for_line 1 "‹ Back Notes › Reading Shopping"
check "the reader shows the text" wait_for_line 4 " milk"
keys Escape
check "Esc goes back to the list, where the note is" wait_for "Shopping"
check "and the tabs count it" wait_for_line 2 " [Notes 2]  Work 1   Ideas 0"
# Tab leaves the list's field, so the next keys are the screen's (an Esc right before a key
# would read as Alt and the key).
keys Tab
keys /
check "/ opens the search" wait_for_line 1 "‹ Back Notes › Search"
keys -l "milk"
check "the slow search finds the note by a word of its text" wait_for "1 found for “milk”"
keys Escape
keys Escape
check "Esc leaves the field, then the search" wait_for_line 1 " Notes"
keys Tab
keys e
check "e opens import and export" wait_for_line 1 "‹ Back Notes › Import and export"
bspaces=()
for _ in $(seq 1 30); do bspaces+=(BSpace); done
keys "${bspaces[@]}"
keys -l "$notes_file"
keys Down Down
keys Enter
check "an import shows its progress bar and a cancel button" wait_for "Importing "
check "the cancel button is there" wait_for_line 8 " cancel"
keys Escape
check "Esc cancels the import, which adds nothing" wait_for "Import cancelled: nothing was added"
check "the progress bar is gone" gone "░"
keys Enter
check "the import runs to its end" wait_for "Imported 3000 notes from"
keys C-q
check "Ctrl-Q quits and saves" wait_for "Notes: 3003 notes in 3 folders"
check "Notes restored the terminal" expect_restored notes 0

echo
if ((FAILURES > 0)); then
  echo "e2e-terminal: $FAILURES check(s) failed"
  exit 1
fi
echo "e2e-terminal: all checks passed"
