#!/usr/bin/env bash
# Every keystroke counts (issue 54) in a real window, under Xvfb with xdotool: the club referee's
# console under Classic rules, 16 moves of a Ruy Lopez typed at 30 ms a key with Enter straight
# after each, while two busy loops load both cores; the game is then read back from the autosave
# with `kriegspiel replay`: all 16 attempts must be there, in the order typed.
# Usage: tests/xvfb/typing.sh [path/to/kriegspiel]   (needs Xvfb and xdotool)
set -euo pipefail
app=$(realpath "${1:-target/debug/kriegspiel}")
for tool in Xvfb xdotool; do
    command -v "$tool" >/dev/null || { echo "typing.sh: $tool is missing"; exit 2; }
done
work=$(mktemp -d)
xvfb=""
busy=()
cleanup() {
    for b in "${busy[@]}"; do kill "$b" 2>/dev/null || true; done
    kill "${game:-}" 2>/dev/null || true
    [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
# A free display, as in curtain.sh (`-noreset`: a client connecting while Xvfb resets is refused).
display=""
for n in $(seq 40 99); do
    [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ] && continue
    Xvfb ":$n" -screen 0 1280x800x24 -nolisten tcp -noreset >/dev/null 2>&1 &
    xvfb=$!
    for _ in $(seq 1 40); do
        if DISPLAY=":$n" xdotool getdisplaygeometry >/dev/null 2>&1; then display=":$n"; break; fi
        kill -0 "$xvfb" 2>/dev/null || break
        sleep 0.25
    done
    [ -n "$display" ] && break
    kill "$xvfb" 2>/dev/null || true
    xvfb=""
done
[ -n "$display" ] || { echo "typing.sh: no display could be started"; exit 1; }
# The app's folders in the test's own: the autosave lands in $work/data/kriegspiel/saves.
export DISPLAY="$display" XDG_RUNTIME_DIR="$work/run" HOME="$work" \
    XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config"
mkdir -m 700 "$work/run"
window=""
for attempt in 1 2 3; do
    (cd "$work" && exec "$app" --mode referee --rules classic >"$work/app.log" 2>&1) &
    game=$!
    for _ in $(seq 1 60); do
        window=$(xdotool search --name "Kriegspiel" 2>/dev/null | head -1 || true)
        [ -n "$window" ] && break
        kill -0 "$game" 2>/dev/null || break
        sleep 0.5
    done
    [ -n "$window" ] && break
    echo "typing.sh: start $attempt showed no window:"; cat "$work/app.log"
    kill "$game" 2>/dev/null || true
    sleep 1
done
[ -n "$window" ] || { echo "typing.sh: no window"; exit 1; }
sleep 2
xdotool windowfocus --sync "$window"
# Both cores busy while the referee types.
for _ in 1 2; do
    (while :; do :; done) &
    busy+=($!)
done
moves=(e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O)
for m in "${moves[@]}"; do
    xdotool type --delay 30 "$m"
    xdotool key Return
done
sleep 3
for b in "${busy[@]}"; do kill "$b" 2>/dev/null || true; done
busy=()
save=$(ls -t "$work"/data/kriegspiel/saves/*.ron 2>/dev/null | head -1 || true)
[ -n "$save" ] || { echo "FAIL: no autosave in $work/data/kriegspiel/saves"; exit 1; }
"$app" replay "$save" >"$work/replay.txt"
# The attempts in the referee's record, one a line as `replay` writes them.
want="e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8"
got=$(grep -oE '\b[a-h][1-8][a-h][1-8][qrbn]?\b' "$work/replay.txt" | tr '\n' ' ' | sed 's/ $//')
echo "typed:    ${moves[*]}"
echo "recorded: $got"
if [ "$got" != "$want" ]; then
    echo "FAIL: the game's attempts are not the 16 moves typed"
    cat "$work/replay.txt"
    exit 1
fi
echo "ok: all 16 moves typed at 30 ms a key under load reached the game in order"
