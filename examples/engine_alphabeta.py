#!/usr/bin/env python3
"""A negamax alpha-beta engine for tic-tac-toe and Dodgem, speaking the protocol of
docs/protocol.md, with `go movetime` and `stop` served by a search thread. Run it:
queens arena --kind dodgem --a "cmd=python3 examples/engine_alphabeta.py" --b minimax:4
Standard library only; the rules are in engine_games.py beside it."""
import os
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_games import read_position  # noqa: E402

INFINITY = 10 ** 9
lock = threading.Lock()


def say(line):
    with lock:
        print(line, flush=True)


class Stopped(Exception):
    pass


class Search:
    def __init__(self, stop, deadline):
        self.nodes = self.leaves = 0
        self.cut = False   # whether the depth, not the game's end, stopped a line
        self.stop, self.deadline = stop, deadline

    def alphabeta(self, position, depth, alpha, beta):
        """(value from the side to move's view, principal variation): fail-hard."""
        if self.stop.is_set() or (self.deadline and time.monotonic() > self.deadline):
            raise Stopped()
        self.nodes += 1
        if depth == 0 or position.over():
            self.cut = self.cut or not position.over()
            self.leaves += 1
            return position.evaluate(), []
        line = []
        for move in position.moves():
            child = position.copy()
            child.play(move)
            value, pv = self.alphabeta(child, depth - 1, -beta, -alpha)
            value = -value
            if value >= beta:
                return beta, [move] + pv
            if value > alpha or not line:
                alpha, line = max(alpha, value), [move] + pv
        return alpha, line


def think(position, limits, stop):
    depth = int(limits.get("depth", 64))
    movetime = limits.get("movetime")
    deadline = time.monotonic() + int(movetime) / 1000.0 if movetime else None
    answer = (position.moves()[0], 0, 0, 0)
    for d in range(1, depth + 1):
        search = Search(stop, deadline)
        try:
            value, pv = search.alphabeta(position, d, -INFINITY, INFINITY)
        except Stopped:
            break   # the deepest finished depth stands
        answer = (pv[0], value, search.nodes, search.leaves)
        say("info depth %d nodes %d value %d pv %s" % (d, search.nodes, value, " ".join(pv)))
        if not search.cut:   # every line reached the game's end: deeper is the same
            break
    say("bestmove %s value %d nodes %d leaves %d" % answer)


def main():
    position, worker, stop, default_depth = None, None, threading.Event(), "64"
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "protocol":
            say("id name alphabeta.py")
            say("id author the course")
            say("option name Depth type spin default 64 min 1 max 64")
            say("protocolok 1")
        elif words[:3] == ["setoption", "name", "Depth"] and len(words) == 5:
            default_depth = words[4]   # the depth of a go that names none
        elif words[0] == "isready":
            say("readyok")
        elif words[0] == "position":
            try:
                position = read_position(line[len("position"):])
            except ValueError as err:
                say("error %s" % err)
        elif words[0] == "go":
            stop.clear()
            limits = dict(zip(words[1::2], words[2::2]))
            limits.setdefault("depth", default_depth)
            worker = threading.Thread(target=think, args=(position, limits, stop))
            worker.start()
        elif words[0] == "stop":
            stop.set()
        elif words[0] == "quit":
            stop.set()
            break
    if worker:
        worker.join()


if __name__ == "__main__":
    main()
