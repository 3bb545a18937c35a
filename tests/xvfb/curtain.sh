#!/usr/bin/env bash
# The hot-seat curtain in a real window (issue 29 item 1), under Xvfb with xdotool: the mover's
# second and third Enter, 0.4 s and 0.7 s after the move, leave the curtain down; a fresh Enter
# once it has stood for a moment opens the next board. What is on screen is read from the pixel
# at the window's centre: the curtain card's fill, or a board square.
# Usage: tests/xvfb/curtain.sh [path/to/kriegspiel]   (needs Xvfb, xdotool, ImageMagick)
set -euo pipefail
app=$(realpath "${1:-target/debug/kriegspiel}")
for tool in Xvfb xdotool import convert; do
    command -v "$tool" >/dev/null || { echo "curtain.sh: $tool is missing"; exit 2; }
done
work=$(mktemp -d)
xvfb=""
cleanup() { kill "${game:-}" 2>/dev/null || true; [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
# A free display: one whose number no other X server holds, and a server that answers (a busy
# machine may take more than a second to start it; a taken number makes Xvfb exit at once).
# `-noreset`: without it Xvfb resets whenever its last client leaves (the probe below), and a
# client connecting during that reset is refused; the app once failed so on a loaded CI machine.
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
[ -n "$display" ] || { echo "curtain.sh: no display could be started"; exit 1; }
export DISPLAY="$display" XDG_RUNTIME_DIR="$work/run" HOME="$work"
mkdir -m 700 "$work/run"
# Started in a folder of its own: its autosave lands there. An app that exits before its window
# shows (the X server refused it) is started again, up to three times in all.
window=""
for attempt in 1 2 3; do
    (cd "$work" && exec "$app" --mode hotseat --rules wild16 >"$work/app.log" 2>&1) &
    game=$!
    for _ in $(seq 1 60); do
        window=$(xdotool search --name "Kriegspiel" 2>/dev/null | head -1 || true)
        [ -n "$window" ] && break
        kill -0 "$game" 2>/dev/null || break
        sleep 0.5
    done
    [ -n "$window" ] && break
    echo "curtain.sh: start $attempt showed no window:"; cat "$work/app.log"
    kill "$game" 2>/dev/null || true
    sleep 1
done
[ -n "$window" ] || { echo "curtain.sh: no window"; exit 1; }
sleep 2
xdotool windowfocus --sync "$window"
centre() { import -window root "$work/shot.png"; convert "$work/shot.png" -format '%[pixel:p{640,420}]' info:; }
curtain="srgb(24,27,34)"
expect() { # expect up|open what
    local seen; seen=$(centre)
    if [ "$1" = up ] && [ "$seen" != "$curtain" ]; then echo "FAIL: $2 (centre $seen)"; exit 1; fi
    if [ "$1" = open ] && [ "$seen" = "$curtain" ]; then echo "FAIL: $2 (centre $seen)"; exit 1; fi
    echo "ok: $2"
}
expect up "the game starts on the curtain"
xdotool key space
sleep 2
expect open "Space opens White's board once the curtain has stood"
xdotool type --delay 200 e2e4
xdotool key Return
sleep 0.4
xdotool key Return
sleep 0.3
xdotool key Return
sleep 1.5
expect up "Enter again 0.4 s and 0.7 s after the move leaves the curtain down"
xdotool key Return
sleep 2
expect open "a fresh Enter once the curtain has stood opens Black's board"
