#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Differential check of the tsuitate referee against an independent shogi library.

Plays random tsuitate games through `kriegspiel referee` (the JSON-lines protocol) and, move for
move, through python-shogi (PyPI `python-shogi`, a pure-Python implementation), and reports every
disagreement: legality of each attempt (random legal moves, pseudo-legal ones that leave the king
in check or drop a pawn giving mate, and random move texts), "impossible" (not possible on the
mover's own board) against "illegal", captures (square and piece), drops, promotions (through the
position after each move), checks and the game's end (checkmate, no legal move, repetition and
perpetual check, the move limit).

Development tooling only: not run by CI, not a dependency of the program. It installs
python-shogi into its own virtual environment under /tmp on first use.

    python3 tests/tools/diff_tsuitate.py --games 200 --seed 1 [--binary target/debug/kriegspiel]
"""

import argparse
import json
import os
import random
import subprocess
import sys
from collections import Counter

VENV = "/tmp/kriegspiel-tsuitate-diff-venv"


def ensure_python_shogi():
    try:
        import shogi  # noqa: F401
        return
    except ImportError:
        pass
    python = os.path.join(VENV, "bin", "python")
    if os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        sys.exit("python-shogi did not install into " + VENV)
    if not os.path.exists(python):
        subprocess.check_call([sys.executable, "-m", "venv", VENV])
        subprocess.check_call([python, "-m", "pip", "install", "-q", "python-shogi"])
    os.execv(python, [python] + sys.argv)


ensure_python_shogi()
import shogi  # noqa: E402

PIECE_NAMES = {
    shogi.PAWN: "pawn", shogi.LANCE: "lance", shogi.KNIGHT: "knight", shogi.SILVER: "silver",
    shogi.GOLD: "gold", shogi.BISHOP: "bishop", shogi.ROOK: "rook",
    shogi.PROM_PAWN: "pawn", shogi.PROM_LANCE: "lance", shogi.PROM_KNIGHT: "knight",
    shogi.PROM_SILVER: "silver", shogi.PROM_BISHOP: "bishop", shogi.PROM_ROOK: "rook",
}
FILES = "123456789"
RANKS = "abcdefghi"


def random_text(rng):
    """A random well-formed USI move text (most are impossible or illegal)."""
    if rng.random() < 0.3:
        return rng.choice("PLNSGBR") + "*" + rng.choice(FILES) + rng.choice(RANKS)
    sq = lambda: rng.choice(FILES) + rng.choice(RANKS)  # noqa: E731
    return sq() + sq() + ("+" if rng.random() < 0.3 else "")


def hands(sfen_hand):
    """A SFEN hand field as a Counter of (letter) -> count."""
    out = Counter()
    if sfen_hand == "-":
        return out
    n = ""
    for c in sfen_hand:
        if c.isdigit():
            n += c
        else:
            out[c] += int(n or "1")
            n = ""
    return out


def same_position(ours, theirs):
    a, b = ours.split(" "), theirs.split(" ")
    return a[0] == b[0] and a[1] == b[1] and hands(a[2]) == hands(b[2])


def own_view(board):
    """python-shogi's board with the opponent's pieces and hand taken away, built afresh from a
    SFEN (python-shogi keeps a removed king's square, as shogi_core does)."""
    placement, side, hand, number = board.sfen().split(" ")
    mine = str.isupper if side == "b" else str.islower
    rows = []
    for row in placement.split("/"):
        out, empty, promoted = "", 0, False
        for c in row:
            if c.isdigit():
                empty += int(c)
            elif c == "+":
                promoted = True
            else:
                if mine(c):
                    out += (str(empty) if empty else "") + ("+" if promoted else "") + c
                    empty = 0
                else:
                    empty += 1
                promoted = False
        rows.append(out + (str(empty) if empty else ""))
    own_hand, n = "", ""
    for c in ("" if hand == "-" else hand):
        if c.isdigit():
            n += c
            continue
        if mine(c):
            own_hand += n + c
        n = ""
    return shogi.Board(" ".join(["/".join(rows), side, own_hand or "-", number]))


class Referee:
    def __init__(self, binary):
        self.proc = subprocess.Popen([binary, "referee"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, request):
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())


def kinds(heard):
    return [item["kind"] for item in heard]


def play(ref, rng, max_plies, stats, problems):
    answer = ref.ask({"op": "new", "rules": {"preset": "tsuitate", "fouls": 0,
                                             "max_plies": max_plies}})
    board = shogi.Board()
    history = [(board.zobrist_hash(), False)]
    stats["games"] += 1
    # One game in three shuffles back and forth most of the time, for repetitions.
    shuffle = 0.8 if stats["games"] % 3 == 0 else 0.15
    while answer["over"] is None:
        side = "black" if board.turn == shogi.BLACK else "white"
        legal = {m.usi() for m in board.legal_moves}
        roll = rng.random()
        back = reverse_of_own_last(board)
        if roll < shuffle and back in legal:
            usi = back  # shuffling back and forth, for repetitions
        elif roll < shuffle + 0.3 and legal:
            usi = rng.choice(sorted(legal))
        elif roll < shuffle + 0.55:
            pseudo = sorted({m.usi() for m in board.pseudo_legal_moves})
            usi = rng.choice(pseudo) if pseudo else random_text(rng)
        else:
            usi = random_text(rng)
        answer = ref.ask({"op": "try", "move": usi})
        stats["attempts"] += 1
        if not answer.get("ok"):
            problems.append(f"refused {usi} at {board.sfen()}: {answer}")
            return
        heard = kinds(answer["heard"][side])
        ours_legal = "legal" in heard
        if ours_legal != (usi in legal):
            problems.append(f"legality of {usi} at {board.sfen()}: ours {heard}, "
                            f"python-shogi {'legal' if usi in legal else 'not legal'}")
            return
        if not ours_legal:
            stats["impossible" if "impossible" in heard else "illegal"] += 1
            count_prohibited(board, usi, stats)
            possible = {m.usi() for m in own_view(board).legal_moves}
            if ("impossible" in heard) == (usi in possible):
                problems.append(f"impossible/illegal of {usi} at {board.sfen()}: ours {heard}")
                return
            continue
        stats["legal"] += 1
        move = shogi.Move.from_usi(usi)
        captured = None if move.drop_piece_type else board.piece_at(move.to_square)
        stats["drops"] += bool(move.drop_piece_type)
        stats["promotions"] += bool(move.promotion)
        board.push(move)
        capture = [i for i in answer["heard"][side] if i["kind"] == "capture"]
        if captured is not None:
            stats["captures"] += 1
            want = [{"kind": "capture", "square": usi[2:4],
                     "piece": PIECE_NAMES[captured.piece_type]}]
            if capture != want:
                problems.append(f"capture of {usi}: ours {capture}, want {want}")
                return
        elif capture:
            problems.append(f"capture of {usi}: ours {capture}, none on the board")
            return
        if not same_position(answer["sfen"], board.sfen()):
            problems.append(f"after {usi}: ours {answer['sfen']}, python-shogi {board.sfen()}")
            return
        check = board.is_check()
        stats["checks"] += check
        if ("check" in heard) != check:
            problems.append(f"check after {usi} at {board.sfen()}: ours {heard}")
            return
        history.append((board.zobrist_hash(), check))
        expected = expected_end(board, history, max_plies)
        got = None if answer["over"] is None else answer["over"]["reason"]
        if expected != got:
            problems.append(f"end after {usi} at {board.sfen()}: ours {got}, want {expected}")
            return
    stats["end " + answer["over"]["reason"]] += 1


def reverse_of_own_last(board):
    """The mover's own last board move played backwards (`None` if there is none)."""
    if len(board.move_stack) < 2:
        return None
    last = board.move_stack[-2]
    if last.drop_piece_type or last.promotion:
        return None
    return shogi.SQUARE_NAMES[last.to_square] + shogi.SQUARE_NAMES[last.from_square]


def count_prohibited(board, usi, stats):
    """Counts the refused attempts that are shogi's prohibited drops (python-shogi's view)."""
    try:
        move = shogi.Move.from_usi(usi)
    except ValueError:
        return
    if move.drop_piece_type != shogi.PAWN or board.piece_at(move.to_square) is not None:
        return
    if board.is_double_pawn(move.to_square, shogi.PAWN):
        stats["refused: two pawns on a file"] += 1
    elif board.is_pseudo_legal(move) and not board.is_legal(move):
        board.push(move)
        mate = not board.was_suicide() and board.was_check_by_dropping_pawn(move)
        board.pop()
        stats["refused: pawn drop mate" if mate else "refused: pawn drop into check"] += 1


def expected_end(board, history, max_plies):
    """The end python-shogi sees (and this script's own count of continuous checks)."""
    if not any(True for _ in board.legal_moves):
        return "checkmate" if board.is_checkmate() else "no_moves"
    if board.is_fourfold_repetition():
        key = history[-1][0]
        first = next(i for i, (k, _) in enumerate(history) if k == key)
        span = list(range(first + 1, len(history)))
        last = len(history) - 1
        for parity in (0, 1):
            made = [i for i in span if (last - i) % 2 == parity]
            if all(history[i][1] for i in made):
                return "perpetual_check"
        return "repetition"
    if max_plies and len(history) - 1 >= max_plies:
        return "move_limit"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--binary", default=os.path.join(
        os.environ.get("CARGO_TARGET_DIR", "target"), "debug", "kriegspiel"))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    ref = Referee(args.binary)
    stats, problems = Counter(), []
    for _ in range(args.games):
        play(ref, rng, args.max_plies, stats, problems)
    for key in sorted(stats):
        print(f"{key}: {stats[key]}")
    print(f"disagreements: {len(problems)}")
    for p in problems[:20]:
        print("  " + p)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
