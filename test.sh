#!/usr/bin/env bash
# Runs every check CI runs: formatting, clippy and the whole test suite.
# On a fresh Debian machine it first installs the system packages the build and the tests need
# (ALSA's headers and pkg-config for the sounds, Mesa's software renderer for the GUI snapshot
# tests, desktop-file-utils to validate the desktop entry) with apt-get, when they are missing.
set -euo pipefail
cd "$(dirname "$0")"

packages=(libasound2-dev pkg-config libegl1 libegl-mesa0 libgl1-mesa-dri libxkbcommon0 xvfb xdotool imagemagick desktop-file-utils)
missing=()
if command -v dpkg >/dev/null 2>&1; then
    for p in "${packages[@]}"; do
        dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
    done
fi
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: ${missing[*]}"
    sudo_cmd=""
    [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

cargo fmt --check
cargo clippy --all-targets --locked -- -D warnings
cargo test --locked "$@"
# The hot-seat curtain in a real window under Xvfb (the binary the tests just built).
tests/xvfb/curtain.sh target/debug/kriegspiel
# Every keystroke at the club console in a real window, typed fast under load (issue 54).
tests/xvfb/typing.sh target/debug/kriegspiel
