#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the app's sound cues (short mono 16-bit WAV files) next to this script.

Only the standard library: the tones are synthesised, so the files are the project's own and
can be made again exactly (the noise comes from a fixed-seed generator). Run:

    python3 assets/sounds/make_sounds.py

The app embeds the files (`include_bytes!` in src/app/sound.rs); keep each under ~30 KB.
"""

import math
import os
import random
import struct
import wave

RATE = 22050
HERE = os.path.dirname(os.path.abspath(__file__))


def silence(seconds):
    return [0.0] * int(RATE * seconds)


def tone(freq, seconds, decay=8.0, attack=0.004, harmonics=(1.0,)):
    """A sine (with overtones) that starts softly and dies away exponentially."""
    n = int(RATE * seconds)
    out = []
    for i in range(n):
        t = i / RATE
        env = min(1.0, t / attack) * math.exp(-decay * t)
        s = sum(a * math.sin(2 * math.pi * freq * (k + 1) * t) for k, a in enumerate(harmonics))
        out.append(env * s / sum(harmonics))
    return out


def knock(seconds, body, decay, rng, noise=0.6):
    """A wooden knock: a short noise burst over a low damped body tone."""
    n = int(RATE * seconds)
    out = []
    smooth = 0.0
    for i in range(n):
        t = i / RATE
        smooth = 0.7 * smooth + 0.3 * rng.uniform(-1.0, 1.0)
        env = math.exp(-decay * t)
        out.append(env * (noise * smooth + (1 - noise) * math.sin(2 * math.pi * body * t)))
    return out


def mix(*parts):
    n = max(len(p) for p in parts)
    return [sum(p[i] for p in parts if i < len(p)) for i in range(n)]


def write(name, samples, volume=0.6):
    peak = max(abs(s) for s in samples) or 1.0
    frames = b"".join(
        struct.pack("<h", int(max(-1.0, min(1.0, s / peak * volume)) * 32767)) for s in samples
    )
    path = os.path.join(HERE, name)
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)
    print(f"{name}: {os.path.getsize(path)} bytes")


def main():
    rng = random.Random(29)
    # A move: one soft knock.
    write("move.wav", knock(0.09, 180.0, 55.0, rng), 0.55)
    # A capture: a sharper double knock.
    write(
        "capture.wav",
        knock(0.07, 240.0, 60.0, rng, 0.75) + silence(0.035) + knock(0.11, 160.0, 40.0, rng, 0.7),
        0.7,
    )
    # A refused attempt ("No"): a low, short two-step buzz going down.
    write(
        "illegal.wav",
        tone(247.0, 0.11, 14.0, harmonics=(1.0, 0.5, 0.33))
        + silence(0.02)
        + tone(196.0, 0.16, 12.0, harmonics=(1.0, 0.5, 0.33)),
        0.5,
    )
    # Check: two bright notes going up.
    write("check.wav", tone(880.0, 0.09, 10.0) + tone(1175.0, 0.16, 9.0), 0.5)
    # The end of the game: three rising notes, the last over a chord.
    notes = tone(523.3, 0.16, 5.0) + tone(659.3, 0.16, 5.0) + tone(784.0, 0.3, 4.0)
    chord = mix(silence(0.32) + tone(392.0, 0.3, 4.0), silence(0.32) + tone(523.3, 0.3, 4.0))
    write("game_over.wav", mix(notes, chord), 0.55)
    # Low time: two short high ticks.
    write("low_time.wav", tone(1568.0, 0.05, 30.0) + silence(0.07) + tone(1568.0, 0.05, 30.0), 0.45)


if __name__ == "__main__":
    main()
