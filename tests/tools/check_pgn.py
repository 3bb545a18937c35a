#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reads PGN files with python-chess and reports what it made of them.

Development tooling only (not a runtime or CI dependency): `pip install chess`, then

    tests/tools/check_pgn.py FILE_OR_FOLDER...

For every game: the moves and null moves python-chess read, the comments, and every error it
logged (an illegal or unreadable move token, a bad FEN). Exits with status 1 when any game had an
error, or when a file holds no game at all.
"""

import io
import pathlib
import sys

import chess
import chess.pgn


def games(path):
    """Every game of one PGN file."""
    text = path.read_text(encoding="utf-8")
    stream = io.StringIO(text)
    while True:
        game = chess.pgn.read_game(stream)
        if game is None:
            return
        yield game


def check(path):
    """Reports one file; returns (games, moves, nulls, comments, errors)."""
    totals = [0, 0, 0, 0, 0]
    for game in games(path):
        moves = nulls = 0
        comments = 1 if game.comment else 0
        for node in game.mainline():
            if node.move == chess.Move.null():
                nulls += 1
            else:
                moves += 1
            comments += 1 if node.comment else 0
        errors = list(game.errors)
        totals = [a + b for a, b in zip(totals, [1, moves, nulls, comments, len(errors)])]
        print(f"{path}: {moves} moves, {nulls} nulls, {comments} comments, {len(errors)} errors")
        for error in errors:
            print(f"  error: {error}")
    if totals[0] == 0:
        print(f"{path}: no game")
        totals[4] += 1
    return totals


def main(argv):
    files = []
    for arg in argv or ["."]:
        p = pathlib.Path(arg)
        files.extend(sorted(p.glob("**/*.pgn")) if p.is_dir() else [p])
    totals = [0, 0, 0, 0, 0]
    for f in files:
        totals = [a + b for a, b in zip(totals, check(f))]
    g, m, n, c, e = totals
    print(f"{len(files)} files, {g} games: {m} moves, {n} nulls, {c} comments, {e} errors")
    return 1 if e else 0


if __name__ == "__main__":
    # python-chess logs each error as well: the report says them once.
    import logging
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    sys.exit(main(sys.argv[1:]))
