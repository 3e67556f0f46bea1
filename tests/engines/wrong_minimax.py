#!/usr/bin/env python3
"""examples/engine_minimax.py with one deliberate bug, for `queens check-engine`'s tests:
`sign` forgets negamax's minus sign (the child's value is taken as the parent's), `depth`
searches one ply less than asked below the root (an off-by-one in the depth)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "examples"))
from engine_games import read_position  # noqa: E402

BUG = sys.argv[1] if len(sys.argv) > 1 else "sign"


def say(line):
    print(line, flush=True)


def minimax(position, depth, counts, root=False):
    counts[0] += 1
    if depth <= 0 or position.over():
        counts[1] += 1
        return position.evaluate(), None
    best, best_move = None, None
    for move in position.moves():
        child = position.copy()
        child.play(move)
        below = depth - 2 if (BUG == "depth" and root) else depth - 1
        value, _ = minimax(child, below, counts)
        value = value if BUG == "sign" else -value
        if best is None or value > best:
            best, best_move = value, move
    return best, best_move


position = None
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "protocol":
        say("id name wrong minimax (%s)" % BUG)
        say("protocolok 1")
    elif words[0] == "isready":
        say("readyok")
    elif words[0] == "position":
        position = read_position(line[len("position"):])
    elif words[0] == "go":
        depth = int(dict(zip(words[1::2], words[2::2])).get("depth", "3"))
        counts = [0, 0]
        value, move = minimax(position, depth, counts, root=True)
        say("bestmove %s value %d nodes %d leaves %d" % (move, value, counts[0], counts[1]))
    elif words[0] == "quit":
        break
