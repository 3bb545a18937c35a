#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the fixtures of tests/suite/imports.rs (tests/data/import/) with the programs whose files
`kriegspiel import` reads.

Development tooling only (not a runtime or CI dependency). To regenerate:

    python3 -m venv /tmp/venv-imp
    /tmp/venv-imp/bin/pip install kriegspiel==1.7.3 reconchess==1.6.9
    /tmp/venv-imp/bin/python tests/tools/make_import_fixtures.py tests/data/import

What it writes, all from seeded random play (the same files every run):

- `pypi-<ruleset>.json`: games of the `kriegspiel` package (PyPI), random questions from each
  side's `possible_to_ask` (Any? included), saved with `KriegspielGame.save_game` (schema 9).
- `pypi-crazykrieg.json`: a Crazyhouse Kriegspiel (`crazykrieg`) game of the same package that
  prefers captures and drops (among the legal attempts), so that both pockets hold several kinds
  of unit when it ends; the package writes a pocket strongest unit first (`[NPbbp]`), in another
  order than ours.
- `ksorg-<ruleset>.json`: the same kind of game written as kriegspiel.org's game review
  (`GET /game/{code}/review`): `game` (GameMetadataResponse: code, rule_variant, players,
  result) and `transcript` (GameTranscriptResponse: moves with ply, color, question_type, uci,
  answer, move_done, replay_fen). The site runs this same package as its referee; the transcript
  is written here the way the site's backend (ks-backend, `TranscriptMoveItem`) writes it, with
  the nonsense attempts (IMPOSSIBLE_TO_ASK) left out as the site leaves them out. The envelope
  (`game` + `transcript`) is the one the issue describes; it could not be checked against a
  live response.
- `reconchess-<white>-<black>.json`: games between reconchess's bots (RandomBot,
  AttackerBot), played with `reconchess.play_local_game` and saved with `GameHistory.save`.
- `game.pgn`: a game of the `kriegspiel` package's true moves, written by python-chess.
"""

import json
import pathlib
import random
import sys

import chess
import chess.pgn
import kriegspiel
from kriegspiel import KriegspielMove, QuestionAnnouncement, MainAnnouncement
import reconchess
from reconchess.bots.random_bot import RandomBot
from reconchess.bots.attacker_bot import AttackerBot

MAX_QUESTIONS = 240


def random_game(ruleset, seed):
    """A game of random questions; returns the game and every (color, question, answer, fen)."""
    rng = random.Random(seed)
    game = kriegspiel.KriegspielGame(ruleset=ruleset)
    asked = []
    for _ in range(MAX_QUESTIONS):
        if game.game_over:
            break
        options = sorted(game.possible_to_ask, key=lambda m: (m.question_type.value, str(m.chess_move)))
        if not options:
            break
        color = game.turn
        # Now and then a question from outside the list (a nonsense attempt), as people ask.
        if rng.random() < 0.05:
            move = KriegspielMove(QuestionAnnouncement.COMMON, chess.Move.from_uci("a1a8"))
        else:
            move = rng.choice(options)
        answer = game.ask_for(move)
        asked.append((color, move, answer, game._board.fen()))
    return game, asked


def crazy_game(seed, questions):
    """A Crazyhouse Kriegspiel game that prefers captures, then drops, among the legal attempts
    (now and then any question of `possible_to_ask`), to fill both pockets."""
    rng = random.Random(seed)
    game = kriegspiel.KriegspielGame(ruleset="crazykrieg")
    for _ in range(questions):
        if game.game_over:
            break
        options = sorted(game.possible_to_ask, key=lambda m: (m.question_type.value, str(m.chess_move)))
        if not options:
            break
        board = game._board
        legal = [m for m in options if m.chess_move is not None and board.is_legal(m.chess_move)]
        captures = [m for m in legal if board.is_capture(m.chess_move)]
        drops = [m for m in legal if m.chess_move.drop]
        roll = rng.random()
        if captures and roll < 0.6:
            move = rng.choice(captures)
        elif drops and roll < 0.8:
            move = rng.choice(drops)
        else:
            move = rng.choice(options)
        game.ask_for(move)
    return game


def square_name(square):
    return None if square is None else chess.square_name(square)


def own_fen(board, color):
    """One side's pieces only (the site's replay_fen.white / .black)."""
    own = chess.Board(None)
    for square, piece in board.piece_map().items():
        if piece.color == color:
            own.set_piece_at(square, piece)
    own.turn = board.turn
    return own.fen()


def transcript_answer(answer):
    """TranscriptAnswer: main, capture_square, special and the rule set's typed fields."""
    special = answer.special_announcement
    out = {
        "main": answer.main_announcement.name,
        "capture_square": square_name(answer.capture_at_square),
        "special": None if special.name == "NONE" else special.name,
    }
    if answer.captured_piece_announcement is not None:
        out["captured_piece_announcement"] = answer.captured_piece_announcement.name
    if answer.next_turn_pawn_tries is not None:
        out["next_turn_pawn_tries"] = answer.next_turn_pawn_tries
    if answer.next_turn_has_pawn_capture is not None:
        out["next_turn_has_pawn_capture"] = answer.next_turn_has_pawn_capture
    if answer.next_turn_pawn_try_squares is not None:
        out["next_turn_pawn_try_squares"] = [chess.square_name(s) for s in answer.next_turn_pawn_try_squares]
    if answer.promotion_announced:
        out["promotion_announced"] = True
    return out


def result_of(game, asked):
    """The site's `result`: winner and reason."""
    if not asked:
        return None
    special = asked[-1][2].special_announcement.name
    if special.startswith("CHECKMATE_"):
        return {"winner": "white" if special.endswith("WHITE_WINS") else "black", "reason": "checkmate"}
    if special.startswith("DRAW_"):
        return {"winner": None, "reason": special[5:].lower()}
    # An unfinished random game: the side to move resigns.
    return {"winner": "black" if game.turn == chess.WHITE else "white", "reason": "resignation"}


def review(game, asked, ruleset, code):
    """The kriegspiel.org review of a game: game metadata and transcript."""
    moves = []
    for color, move, answer, fen in asked:
        if answer.main_announcement.name in ("IMPOSSIBLE_TO_ASK", "NONSENSE"):
            continue
        board = chess.Board(fen)
        moves.append({
            "ply": len(moves) + 1,
            "color": "white" if color == chess.WHITE else "black",
            "question_type": move.question_type.name,
            "uci": None if move.chess_move is None else move.chess_move.uci(),
            "answer": transcript_answer(answer),
            "move_done": answer.move_done,
            "timestamp": f"2026-05-01T12:{len(moves) // 60:02d}:{len(moves) % 60:02d}Z",
            "replay_fen": {"full": fen, "white": own_fen(board, chess.WHITE), "black": own_fen(board, chess.BLACK)},
        })
    player = lambda name, role: {"username": name, "connected": False, "role": role, "elo": 1200, "ratings": {}}
    return {
        "game": {
            "game_id": "6650f0c2a1b2c3d4e5f60718",
            "game_code": code,
            "rule_variant": ruleset,
            "state": "completed",
            "opponent_type": "bot",
            "white": player("notifil", "user"),
            "black": player("random", "bot"),
            "turn": None,
            "move_number": max(1, len(moves) // 2),
            "created_at": "2026-05-01T12:00:00Z",
            "updated_at": "2026-05-01T12:30:00Z",
            "result": result_of(game, asked),
        },
        "transcript": {
            "game_id": "6650f0c2a1b2c3d4e5f60718",
            "rule_variant": ruleset,
            "viewer_color": None,
            "moves": moves,
        },
    }


def pgn_of(game):
    pgn = chess.pgn.Game.from_board(game._board)
    pgn.headers["Event"] = "Random play (kriegspiel package)"
    pgn.headers["White"] = "Random"
    pgn.headers["Black"] = "Random"
    pgn.headers["Date"] = "2026.05.01"
    return str(pgn) + "\n"


def main(out):
    out.mkdir(parents=True, exist_ok=True)
    for n, ruleset in enumerate(["berkeley", "berkeley_any", "wild16", "cincinnati"]):
        game, _ = random_game(ruleset, 100 + n)
        game.save_game(str(out / f"pypi-{ruleset}.json"))
    crazy_game(1, 90).save_game(str(out / "pypi-crazykrieg.json"))
    for n, (ruleset, code) in enumerate([("berkeley_any", "F5455A"), ("wild16", "W16K2M"), ("cincinnati", "C7K2M9")]):
        game, asked = random_game(ruleset, 200 + n)
        (out / f"ksorg-{ruleset}.json").write_text(json.dumps(review(game, asked, ruleset, code), indent=1) + "\n")
    game, _ = random_game("berkeley", 7)
    (out / "game.pgn").write_text(pgn_of(game))
    for seed, (white, black) in enumerate([(RandomBot, AttackerBot), (RandomBot, RandomBot)]):
        random.seed(seed)
        _, _, history = reconchess.play_local_game(white(), black())
        history.save(str(out / f"reconchess-{white.__name__.lower()}-{black.__name__.lower()}.json"))


if __name__ == "__main__":
    main(pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "tests/data/import"))
