#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
r"""Plays our engine against reconchess's bots, with reconchess as the referee.

Reconnaissance Blind Chess games between `kriegspiel engine` (the seat protocol,
PROTOCOL-SEAT.md, on standard input and output) and the baseline bots of the
reconchess package (the NeurIPS RBC competition's library): RandomBot,
AttackerBot and TroutBot (Stockfish on a tracked board), and StrangeFish2 (the NeurIPS 2022
winner, from a scratch copy: --strangefish). reconchess's LocalGame
referees every game and keeps the clocks; our engine is a reconchess `Player`
that passes on to the program exactly what reconchess tells a player (its own
sense results, its own move results, the square where the opponent captured one
of its units) and nothing else: never the true board. Each `state` line carries
our clock as reconchess reads it (`seconds_left`) and the control, as our table
sends `clock`: the engine keeps time by it.

Not part of CI (a game against TroutBot takes a minute or more). Needs Python
3.9+, `pip install reconchess chess`, and for TroutBot Stockfish (Debian's
package `stockfish`; STOCKFISH_EXECUTABLE, default /usr/games/stockfish).

StrangeFish2 (GitHub ginoperrotta/reconchess-strangefish2, BSD-3-Clause) is never
part of this repository: clone it into a scratch folder, `pip install numpy tqdm
click`, and pass the folder (--strangefish /tmp/sf2, opponent `strangefish`). It
plays without its private opening book and score cache; under Python 3.11 its
`random.sample` over a set is given a list (a shim, `strangefish_bot`).

    nice -n 10 python3 tests/tools/rbc_harness.py --engine target/release/kriegspiel \
        --opponents random,attacker,trout --games 20

prints one line per game on standard error, and the table last on standard
output: games, wins-losses-draws as White and as Black, the score, and the time
our engine took per decision (each request it answered: a sense or a move).

Issue 59's matches (the strong bot on a clock searches every world, deeper with
more time, each world scored by Stockfish when one is found as TroutBot finds it,
which our engine inherits from this harness: STOCKFISH_EXECUTABLE; a wrapper
script that runs it with `STOCKFISH_EXECUTABLE=` plays the built-in search alone;
run the release binary from a private copy, one build at a time):

    flock /tmp/cargo.lock cargo build --release
    mkdir -p /tmp/clock-bin && cp target/release/kriegspiel /tmp/clock-bin/
    nice -n 19 python3 tests/tools/rbc_harness.py --engine /tmp/clock-bin/kriegspiel \
        --opponents attacker --games 10 --clock 60+1 --seed 11 --out /tmp/rbc-attacker
    nice -n 19 python3 tests/tools/rbc_harness.py --engine /tmp/clock-bin/kriegspiel \
        --opponents trout --games 10 --clock 60+1 --seed 21 --out /tmp/rbc-trout
    git clone https://github.com/ginoperrotta/reconchess-strangefish2 /tmp/sf2
    nice -n 19 python3 tests/tools/rbc_harness.py --engine /tmp/clock-bin/kriegspiel \
        --strangefish /tmp/sf2 --opponents strangefish --games 12 --jobs 2 \
        --clock 300+5 --out /tmp/rbc-sf
    python3 tests/tools/rbc_harness.py --table /tmp/rbc-sf/results.jsonl
"""

import argparse
import json
import os
import queue
import random
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor

try:
    import chess
    from reconchess import LocalGame, Player, play_local_game
except ImportError as error:  # pragma: no cover - a message for the user
    sys.exit(f"rbc_harness: {error}; install reconchess and chess (pip install reconchess chess)")

#: How many refused requests in a row before our engine's turn is given up as a pass.
MAX_REFUSED = 50

#: How long the engine may take to answer one line before the game is abandoned, in seconds
#: (reconchess's own clock decides the game long before, at the default control).
ANSWER_LIMIT = 120.0

#: StrangeFish2's Stockfish threads (it asks for 3).
STRANGEFISH_THREADS = 1

OPPONENTS = {
    "random": ("reconchess.bots.random_bot", "RandomBot"),
    "attacker": ("reconchess.bots.attacker_bot", "AttackerBot"),
    "trout": ("reconchess.bots.trout_bot", "TroutBot"),
    "strangefish": ("strangefish.strangefish_strategy", "StrangeFish2"),
}


def colour_name(color):
    return "white" if color == chess.WHITE else "black"


class EngineGone(RuntimeError):
    """The engine closed its output or sent something that is not a line of the protocol."""


class EnginePlayer(Player):
    """Our engine as a reconchess player: a seat of the seat protocol whose table is this class.

    Each `heard` line carries only what reconchess gave this player; the engine is sent its
    lines when it is to act, as `kriegspiel match` sends them to an engine it seats.
    """

    def __init__(self, command, rules, control, stderr=None):
        self.proc = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            bufsize=1,
        )
        self.lines = queue.Queue()
        threading.Thread(target=self.pump, daemon=True).start()
        self.rules = rules
        self.color = None
        self.heard = 0  # heard lines sent
        self.outbox = []  # lines waiting to be sent when the engine is next asked
        self.first_turn = True
        self.pending = None  # a request read early (a move instead of a sense)
        self.decisions = []  # seconds per request answered
        self.refused = 0  # moves reconchess would not take, answered `impossible`
        self.resigned = False
        self.move_request = {"op": "pass"}
        self.game = None
        self.control = control  # (base, increment) in seconds
        self.seconds_left = None  # as reconchess last told this player
        self.turns = 0  # moves chosen (each earns the increment)
        hello = self.read()
        if hello.get("op") != "hello" or hello.get("version") != 1:
            raise EngineGone(f"expected a hello of version 1, got {hello}")

    # -- the pipe -------------------------------------------------------------------------

    def pump(self):
        """Moves the engine's lines to `lines` (an empty string at the end of its output)."""
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put("")

    def read(self):
        """The engine's next request (a JSON object), skipping blank lines."""
        while True:
            try:
                line = self.lines.get(timeout=ANSWER_LIMIT)
            except queue.Empty:
                self.proc.kill()
                raise EngineGone(f"no answer from the engine in {ANSWER_LIMIT:.0f} s") from None
            if not line:
                raise EngineGone("the engine closed its output")
            if line.strip():
                try:
                    value = json.loads(line)
                except ValueError as error:
                    raise EngineGone(f"not JSON from the engine: {line!r}") from error
                if not isinstance(value, dict):
                    raise EngineGone(f"not a request: {line!r}")
                return value

    def send_later(self, message):
        self.outbox.append(message)

    def hear(self, request, items, turn_ends):
        self.heard += 1
        self.send_later(
            {"type": "heard", "n": self.heard, "request": request, "items": items, "turn_ends": turn_ends}
        )

    def state(self, to_move):
        self.send_later(
            {
                "type": "state",
                "n": self.heard,
                "to_move": colour_name(to_move),
                "placing": None,
                "clock": None,  # filled in when sent (flush)
                "over": None,
                "opponent_connected": True,
                "draw_offer": None,
                "opponent_name": "",
            }
        )

    def clock(self):
        """Both clocks as our table sends them: ours as reconchess last told us, the
        opponent's as reconchess keeps it; `None` before reconchess has told us."""
        if self.seconds_left is None or self.game is None:
            return None
        ms = {self.color: int(1000 * self.seconds_left)}
        ms[not self.color] = int(1000 * self.game.seconds_left_by_color[not self.color])
        base, increment = self.control
        return {
            "white_ms": max(0, ms[chess.WHITE]),
            "black_ms": max(0, ms[chess.BLACK]),
            "running": colour_name(self.color),
            "control": {"base_ms": int(1000 * base), "increment_ms": int(1000 * increment)},
        }

    def flush(self):
        if self.outbox:
            clock = self.clock()
            for message in self.outbox:
                if message.get("type") == "state":
                    message["clock"] = clock
            lines = [json.dumps(message, separators=(",", ":")) for message in self.outbox]
            self.proc.stdin.write("".join(line + "\n" for line in lines))
            self.proc.stdin.flush()
            self.outbox = []

    def ask(self):
        """Sends the waiting lines (the engine is to act) and times the request it answers."""
        if self.pending is not None:
            request, self.pending = self.pending, None
            return request
        start = time.perf_counter()
        self.flush()
        request = self.read()
        self.decisions.append(time.perf_counter() - start)
        return request

    # -- reconchess's Player ----------------------------------------------------------------

    def handle_game_start(self, color, board, opponent_name):
        self.color = color
        self.send_later(
            {
                "type": "welcome",
                "version": 1,
                "seat": colour_name(color),
                "token": "",
                "rules": self.rules,
                "start": board.fen(),
                "white": "",
                "black": "",
                "opening": [],
            }
        )

    def handle_opponent_move_result(self, captured_my_piece, capture_square):
        if self.first_turn and self.color == chess.WHITE:
            self.first_turn = False
            self.state(self.color)  # White's first turn: no move of the opponent before it
            return
        self.first_turn = False
        items = []
        if captured_my_piece:
            items.append({"kind": "captured", "square": chess.square_name(capture_square)})
        self.hear(None, items, True)
        self.state(self.color)

    def choose_sense(self, sense_actions, move_actions, seconds_left):
        self.seconds_left = seconds_left
        for _ in range(MAX_REFUSED):
            request = self.ask()
            op = request.get("op")
            if op == "sense":
                self.sense_request = request
                if request.get("square") is None:
                    # Sensing skipped: heard as nothing, and the engine goes on to its move.
                    self.hear(request, [], False)
                    self.state(self.color)
                    return None
                try:
                    return chess.parse_square(request["square"])
                except (ValueError, TypeError):
                    self.send_later({"type": "error", "error": "not a square"})
                    continue
            if op in ("move", "pass"):
                self.pending = request  # no sense this turn
                return None
            if op == "resign":
                self.resign()
                return None
            self.send_later({"type": "error", "error": "not a request of this turn"})
        return None

    def handle_sense_result(self, sense_result):
        if not sense_result:
            return  # no sense was made
        squares = [
            {"square": chess.square_name(sq), "piece": piece.symbol() if piece else None}
            for sq, piece in sorted(sense_result, key=lambda pair: pair[0])
        ]
        self.hear(self.sense_request, [{"kind": "sense", "squares": squares}], False)
        self.state(self.color)

    def choose_move(self, move_actions, seconds_left):
        self.seconds_left = seconds_left
        self.turns += 1
        if self.resigned:
            return None
        for _ in range(MAX_REFUSED):
            request = self.ask()
            op = request.get("op")
            if op == "pass":
                self.move_request = request
                return None
            if op == "resign":
                self.move_request = request
                self.resign()
                return None
            if op != "move" or not isinstance(request.get("move"), str):
                self.send_later({"type": "error", "error": f"not a move request here: {json.dumps(request)}"})
                continue
            try:
                move = chess.Move.from_uci(request["move"])
            except ValueError:
                self.send_later({"type": "error", "error": "not a move in UCI"})
                continue
            queened = chess.Move(move.from_square, move.to_square, chess.QUEEN)
            # reconchess makes a pawn reaching the last rank without a letter a queen (as we do).
            if move in move_actions or (move.promotion is None and queened in move_actions):
                self.move_request = request
                return move
            self.refused += 1
            self.hear(request, [{"kind": "impossible"}], False)
            self.state(self.color)
        self.move_request = {"op": "pass"}
        return None

    def handle_move_result(self, requested_move, taken_move, captured_opponent_piece, capture_square):
        moved = {
            "kind": "moved",
            "requested": self.move_request.get("move") if requested_move is not None else None,
            "taken": taken_move.uci() if taken_move is not None else None,
        }
        items = [moved]
        if captured_opponent_piece:
            items.append({"kind": "capture", "square": chess.square_name(capture_square), "unit": None})
        self.hear(self.move_request, items, True)
        self.state(not self.color)
        self.flush()

    def handle_game_end(self, winner_color, win_reason, game_history):
        self.close()

    # -- bookkeeping ------------------------------------------------------------------------

    def resign(self):
        self.resigned = True
        if self.game is not None:
            self.game.resign()

    def close(self):
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def strangefish_bot(folder, said):
    """A fresh StrangeFish2 from its scratch copy `folder`, without its opening book and score
    cache (not public), its logs in the current folder."""
    if folder not in sys.path:
        sys.path.insert(0, folder)
    import types

    module = __import__("strangefish.strangefish_strategy", fromlist=["StrangeFish2"])

    def sample(population, k, **kwargs):
        # Python 3.11 no longer samples a set (StrangeFish2's sense_min_states does).
        if isinstance(population, (set, frozenset)):
            population = list(population)
        return random.sample(population, k, **kwargs)

    shim = types.SimpleNamespace(**{n: getattr(random, n) for n in dir(random) if not n.startswith("_")})
    shim.sample = sample
    module.random = shim
    # Its Stockfish asks for 3 threads and 2 GB: one thread here (our engine has one too, and the
    # machine's cores are shared), 256 MB.
    import chess.engine

    def create_engine():
        engine = chess.engine.SimpleEngine.popen_uci(os.environ["STOCKFISH_EXECUTABLE"], setpgrp=True)
        engine.configure({"Hash": 256, "Threads": STRANGEFISH_THREADS})
        return engine

    module.stockfish.create_engine = create_engine
    module.print = lambda *args, **kwargs: said.append(" ".join(str(a) for a in args))
    return module.StrangeFish2(
        log_to_file=False, game_id=None, rc_disable_pbar=True, load_score_cache=False, load_opening_book=False
    )


def opponent_bot(name, said, args):
    """A fresh reconchess bot; `said` collects what it prints (TroutBot says when its
    Stockfish died or refused a board: from then on it passes)."""
    if name == "strangefish":
        return strangefish_bot(args.strangefish, said)
    module_name, class_name = OPPONENTS[name]
    module = __import__(module_name, fromlist=[class_name])
    module.print = lambda *args, **kwargs: said.append(" ".join(str(a) for a in args))
    return getattr(module, class_name)()


def play_one(job):
    """Plays one game (in a worker process) and returns its record."""
    index, opponent, we_are_white, args = job
    seed = args.seed + index
    random.seed(seed)
    command = [args.engine, "engine", "--bot", args.bot, "--seed", str(seed)]
    if args.think_ms is not None:
        command += ["--think-ms", str(args.think_ms)]
    said = []
    engine_log = open(os.path.join(args.out, f"game-{index:04d}-engine.log"), "w")
    ours = EnginePlayer(command, args.rules, (args.base, args.increment), stderr=engine_log)
    if opponent == "strangefish":
        scratch = os.path.join(args.out, "strangefish")
        os.makedirs(scratch, exist_ok=True)
        os.chdir(scratch)  # its logs (game_logs/, engine_logs/) go there
    theirs = opponent_bot(opponent, said, args)
    white, black = (ours, theirs) if we_are_white else (theirs, ours)
    game = LocalGame(seconds_per_player=args.base, seconds_increment=args.increment)
    ours.game = game
    failure = None
    started = time.time()
    try:
        winner, reason, history = play_local_game(white, black, game=game)
    except Exception as error:  # a broken engine or bot ends this game only
        failure = f"{type(error).__name__}: {error}"
        winner, reason, history = None, None, None
        ours.close()
        try:
            theirs.engine.quit()
        except Exception:
            pass
    if opponent == "strangefish":
        try:
            theirs.engine.quit()  # its handle_game_end may not have run
        except Exception:
            pass
    engine_log.close()
    path = os.path.join(args.out, f"game-{index:04d}-{opponent}-{'white' if we_are_white else 'black'}.json")
    if history is not None:
        history.save(path)
    ours_colour = chess.WHITE if we_are_white else chess.BLACK
    if failure is not None:
        outcome = "error"
    elif winner is None:
        outcome = "draw"
    else:
        outcome = "win" if winner == ours_colour else "loss"
    return {
        "index": index,
        "opponent": opponent,
        "we": "white" if we_are_white else "black",
        "outcome": outcome,
        "reason": reason.name if reason is not None else failure,
        "turns": game.board.fullmove_number,
        "seconds": round(time.time() - started, 1),
        "our_clock_left": round(game.seconds_left_by_color[ours_colour], 1),
        "their_clock_left": round(game.seconds_left_by_color[not ours_colour], 1),
        "our_clock_used": round(args.base + args.increment * ours.turns - game.seconds_left_by_color[ours_colour], 1),
        "decisions": [round(d, 4) for d in ours.decisions],
        "refused": ours.refused,
        "stockfish_died": any("died" in s or "bad state" in s for s in said),
        "history": path if history is not None else None,
    }


def wld(records):
    w = sum(r["outcome"] == "win" for r in records)
    l = sum(r["outcome"] == "loss" for r in records)
    d = sum(r["outcome"] == "draw" for r in records)
    return f"{w}-{l}-{d}"


def score(records):
    games = [r for r in records if r["outcome"] != "error"]
    if not games:
        return "-"
    points = sum({"win": 1.0, "draw": 0.5}.get(r["outcome"], 0.0) for r in games)
    return f"{100.0 * points / len(games):.0f} %"


def clock_used(records):
    """Our clock used a game (base plus increments less what was left): median and range."""
    used = [r["our_clock_used"] for r in records if r.get("our_clock_used") is not None]
    if not used:
        return "-"
    return f"{statistics.median(used):.0f} s ({min(used):.0f}-{max(used):.0f})"


def table(records):
    """The table: one row per opponent (and, for TroutBot, its games where Stockfish lived)."""
    rows = []
    for opponent in OPPONENTS:
        games = [r for r in records if r["opponent"] == opponent]
        if not games:
            continue
        rows.append((OPPONENTS[opponent][1], games))
        if opponent == "trout":
            alive = [r for r in games if not r["stockfish_died"]]
            rows.append(("  (Stockfish alive)", alive))
    head = ("opponent", "games", "as White", "as Black", "score", "decision median", "worst", "clock used a game")
    lines = [head]
    for name, games in rows:
        times = [d for r in games for d in r["decisions"]]
        lines.append(
            (
                name,
                str(len(games)),
                wld([r for r in games if r["we"] == "white"]),
                wld([r for r in games if r["we"] == "black"]),
                score(games),
                f"{1000 * statistics.median(times):.0f} ms" if times else "-",
                f"{1000 * max(times):.0f} ms" if times else "-",
                clock_used(games),
            )
        )
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    out = ["  ".join(cell.ljust(w) for cell, w in zip(line, widths)).rstrip() for line in lines]
    errors = sum(r["outcome"] == "error" for r in records)
    reasons = {}
    for r in records:
        key = (r["outcome"], r["reason"])
        reasons[key] = reasons.get(key, 0) + 1
    out.append("W-L-D from our engine's side; score counts a draw as half; a decision is one request")
    out.append("(a sense or a move) from the question to the answer.")
    out.append("endings: " + ", ".join(f"{o} by {why}: {n}" for (o, why), n in sorted(reasons.items(), key=str)))
    refused = sum(r["refused"] for r in records)
    if refused:
        out.append(f"moves of our engine that reconchess does not list (answered impossible): {refused}")
    if errors:
        out.append(f"games that broke off (not scored): {errors}")
    return "\n".join(out)


def rbc_rules(engine, folder):
    """The RBC rule-flag record exactly as our program writes it in a `welcome` (every flag):
    `kriegspiel match` seats this script (`--probe-welcome`) for a moment to be told it."""
    path = os.path.join(folder, "rbc-rules.json")
    probe = f"cmd:{sys.executable} {os.path.abspath(__file__)} --probe-welcome {path}"
    if len(probe.split()) != 4:
        sys.exit("rbc_harness: the paths of python, this script and --out must have no spaces")
    command = [engine, "match", "--rules", "rbc", "--white", probe, "--black", "random", "--games", "1"]
    subprocess.run(command, capture_output=True, text=True, check=False, timeout=60)
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        sys.exit(f"rbc_harness: no welcome from `{' '.join(command)}`")


def probe_welcome(path):
    """Seated by `kriegspiel match`: says hello, writes the welcome's rules to `path`, leaves."""
    print(json.dumps({"op": "hello", "version": 1, "have": 0}), flush=True)
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") == "welcome":
            with open(path, "w") as f:
                json.dump(message["rules"], f)
            return


def show(path):
    """Prints a reconchess game history turn by turn (what each side sensed, asked, got)."""
    with open(path) as f:
        h = json.load(f)

    def value(x):
        return x["value"] if isinstance(x, dict) else x

    def name(square):
        return chess.square_name(square) if square is not None else "-"

    print(f"White {h['white_name']}, Black {h['black_name']}")
    turns = {c: len(h["requested_moves"][c]) for c in ("true", "false")}
    for i in range(max(turns.values())):
        for c, who in (("true", "W"), ("false", "B")):
            if i >= turns[c]:
                continue
            sense = h["senses"][c][i] if i < len(h["senses"][c]) else None
            asked = value(h["requested_moves"][c][i])
            taken = value(h["taken_moves"][c][i])
            took = h["capture_squares"][c][i]
            print(
                f"{i + 1:3}{who} sense {name(sense):2}  asked {asked or 'pass':5}  made {taken or '-':5}"
                + (f"  takes on {name(took)}" if took is not None else "")
                + f"   {value(h['fens_after_move'][c][i]).split()[0]}"
            )
    winner = {True: "White", False: "Black", None: "nobody"}[h["winner_color"]]
    print(f"winner {winner} ({value(h['win_reason'])})")


def parse_clock(text):
    base, _, increment = text.partition("+")
    return float(base), float(increment or 0)


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--engine", default="target/release/kriegspiel", help="our program")
    parser.add_argument("--bot", default="strong", help="our bot (kriegspiel engine --bot)")
    parser.add_argument("--think-ms", type=int, default=None, help="our bot's thinking time per request")
    parser.add_argument("--opponents", default="random,attacker,trout", help="of: " + ",".join(OPPONENTS))
    parser.add_argument("--games", type=int, default=20, help="games per opponent, colours alternating")
    parser.add_argument("--strangefish", metavar="FOLDER", help="a scratch copy of reconchess-strangefish2")
    parser.add_argument("--clock", default="900+5", help="seconds a side + seconds a turn (reconchess's)")
    parser.add_argument("--jobs", type=int, default=1, help="games at once (each game takes a core or more)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (our engine's and Python's)")
    parser.add_argument("--out", default=None, help="folder for game histories and results.jsonl")
    parser.add_argument("--table", metavar="RESULTS", nargs="+", help="print the table of results.jsonl files and stop")
    parser.add_argument("--show", metavar="HISTORY", help="print a saved game history turn by turn and stop")
    parser.add_argument("--probe-welcome", metavar="FILE", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.probe_welcome:
        probe_welcome(args.probe_welcome)
        return
    if args.show:
        show(args.show)
        return
    if args.table:
        records = [json.loads(line) for path in args.table for line in open(path) if line.strip()]
        print(table(records))
        return
    opponents = [o.strip() for o in args.opponents.split(",") if o.strip()]
    for o in opponents:
        if o not in OPPONENTS:
            parser.error(f"unknown opponent {o!r} (expected one of {', '.join(OPPONENTS)})")
    if "strangefish" in opponents:
        if not args.strangefish or not os.path.isdir(os.path.join(args.strangefish, "strangefish")):
            parser.error("opponent strangefish needs --strangefish FOLDER (a copy of reconchess-strangefish2)")
        args.strangefish = os.path.abspath(args.strangefish)
    if "trout" in opponents or "strangefish" in opponents:
        os.environ.setdefault("STOCKFISH_EXECUTABLE", "/usr/games/stockfish")
        if not os.path.exists(os.environ["STOCKFISH_EXECUTABLE"]):
            sys.exit("rbc_harness: TroutBot and StrangeFish2 need Stockfish (apt-get install stockfish, or STOCKFISH_EXECUTABLE)")
    args.base, args.increment = parse_clock(args.clock)
    args.engine = os.path.abspath(args.engine)
    args.out = os.path.abspath(args.out or f"rbc-harness-{time.strftime('%Y%m%d-%H%M%S')}")
    os.makedirs(args.out, exist_ok=True)
    args.rules = rbc_rules(args.engine, args.out)
    results_path = os.path.join(args.out, "results.jsonl")
    jobs = []
    for o in opponents:
        for g in range(args.games):
            jobs.append((len(jobs), o, g % 2 == 0, args))
    records = []
    with open(results_path, "a") as results, ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for record in pool.map(play_one, jobs):
            records.append(record)
            results.write(json.dumps(record) + "\n")
            results.flush()
            times = record["decisions"]
            median = f"{1000 * statistics.median(times):.0f} ms" if times else "-"
            print(
                f"game {record['index'] + 1}/{len(jobs)}: {record['we']} vs {record['opponent']}: "
                f"{record['outcome']} ({record['reason']}) after {record['turns']} turns, "
                f"{record['seconds']} s; decision median {median}; "
                f"our clock used {record['our_clock_used']} s, left {record['our_clock_left']} s, "
                f"theirs left {record['their_clock_left']} s"
                + ("; Stockfish died" if record["stockfish_died"] else ""),
                file=sys.stderr,
                flush=True,
            )
    print(f"histories and results: {args.out}", file=sys.stderr)
    print(table(records))


if __name__ == "__main__":
    main()
