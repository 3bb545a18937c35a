#!/usr/bin/env bash
# Runs every check CI runs: formatting, clippy and the whole test suite.
# On a fresh Debian machine it first installs the system packages the tests need (Mesa's software
# renderer for the GUI snapshot tests, Xvfb for the window test, desktop-file-utils to validate
# the desktop entry, Stockfish for the RBC engine's evaluator test) with apt-get, when they are
# missing. Building needs none: the program loads its system libraries (the window's, ALSA's for
# the sounds) at run time.
set -euo pipefail
cd "$(dirname "$0")"

packages=(libasound2 libegl1 libegl-mesa0 libgl1-mesa-dri libxkbcommon0 xvfb xdotool imagemagick desktop-file-utils stockfish)
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

# Nothing may be found through pkg-config at build time (a user's `cargo run --release` needs no
# -dev package): every build below runs with pkg-config's search path an empty folder, so a build
# script that looks a system library up fails the run. A fixed folder, so that build scripts that
# watch the variable are not rerun each time.
export PKG_CONFIG_LIBDIR="$PWD/target/no-pkg-config"
mkdir -p "$PKG_CONFIG_LIBDIR"
export PKG_CONFIG_PATH=""

cargo fmt --check
cargo clippy --all-targets --locked -- -D warnings
# The program as a user builds it (build scripts and features resolve as for `--release`; the
# tests below reuse this build).
cargo build --locked
# Four test threads on two cores: many tests wait on network timeouts (a seat's 20 s welcome
# wait, a 10 s frame wait) rather than compute, and waiting tests then no longer hold up the rest.
export RUST_TEST_THREADS="${RUST_TEST_THREADS:-4}"
cargo test --locked "$@"
# The hot-seat curtain in a real window under Xvfb (the binary the tests just built).
tests/xvfb/curtain.sh target/debug/kriegspiel
# Every keystroke at the club console in a real window, typed fast under load (issue 54).
tests/xvfb/typing.sh target/debug/kriegspiel
