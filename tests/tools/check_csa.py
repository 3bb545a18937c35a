#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks `kriegspiel csa` against python-shogi (development tooling, not run by CI).

Plays bot games of tsuitate shogi through `kriegspiel referee`, saves each, exports it with
`kriegspiel csa`, reads the record with python-shogi's CSA parser, replays every move on its
board (each must be legal there) and compares the final position with the referee's SFEN.
Run it with the python of the virtual environment tests/tools/diff_tsuitate.py makes:

    /tmp/kriegspiel-tsuitate-diff-venv/bin/python tests/tools/check_csa.py BINARY
"""
import json, subprocess, sys, shogi, shogi.CSA
B=sys.argv[1] if len(sys.argv) > 1 else "target/debug/kriegspiel"
ok=0; moves=0; ends={}
for g in range(40):
    p=subprocess.Popen([B,"referee","--allow-any-path"],stdin=subprocess.PIPE,stdout=subprocess.PIPE,text=True)
    def ask(o):
        p.stdin.write(json.dumps(o)+"\n"); p.stdin.flush(); return json.loads(p.stdout.readline())
    ask({"op":"new","rules":{"preset":"tsuitate","max_plies":200}})
    a=None
    for i in range(3000):
        a=ask({"op":"bot","name":["random","heuristic"][(g+i)%2]})
        if not a["ok"] or a["over"]: break
    path=f"/tmp/g{g}.ron"
    s=ask({"op":"save","path":path}); assert s["ok"], s
    p.stdin.close(); p.wait()
    csa=subprocess.run([B,"csa",path],capture_output=True,text=True,check=True).stdout
    parsed=shogi.CSA.Parser.parse_str(csa)[0]
    b=shogi.Board(parsed["sfen"])
    for m in parsed["moves"]:
        mv=shogi.Move.from_usi(m); assert b.is_legal(mv),(g,m); b.push(mv)
    want=" ".join(s["sfen"].split()[:3]); got=" ".join(b.sfen().split()[:3])
    assert want==got,(g,want,got)
    ok+=1; moves+=len(parsed["moves"]); ends[s["over"]["reason"] if s["over"] else None]=ends.get(s["over"]["reason"] if s["over"] else None,0)+1
print(ok,"games",moves,"moves agree; ends",ends)
