#!/usr/bin/env python3
"""A plain negamax minimax engine for tic-tac-toe and Dodgem, speaking the protocol of
docs/protocol.md. Run it in a series: queens arena --kind tictactoe
--a "cmd=python3 examples/engine_minimax.py" --b alphabeta:3
Standard library only; the rules are in engine_games.py beside it."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_games import read_position  # noqa: E402


def say(line):
    print(line, flush=True)


class Search:
    def __init__(self):
        self.nodes = self.leaves = 0
        self.cut = False   # whether the depth, not the game's end, stopped a line

    def minimax(self, position, depth):
        """(value from the side to move's view, principal variation)."""
        self.nodes += 1
        if depth == 0 or position.over():
            self.cut = self.cut or not position.over()
            self.leaves += 1
            return position.evaluate(), []
        best, line = None, []
        for move in position.moves():
            child = position.copy()
            child.play(move)
            value, pv = self.minimax(child, depth - 1)
            if best is None or -value > best:
                best, line = -value, [move] + pv
        return best, line


def go(position, words):
    limits = dict(zip(words[1::2], words[2::2]))
    depth = int(limits.get("depth", 64))
    answer = None
    # Iterative deepening: one info line per depth; the last depth is the answer.
    for d in range(1, depth + 1):
        search = Search()
        value, pv = search.minimax(position, d)
        answer = (pv[0], value, search.nodes, search.leaves)
        say("info depth %d nodes %d value %d pv %s" % (d, search.nodes, value, " ".join(pv)))
        if not search.cut:   # every line reached the game's end: deeper is the same
            break
    say("bestmove %s value %d nodes %d leaves %d" % answer)


def main():
    position = None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "protocol":
            say("id name minimax.py")
            say("id author the course")
            say("protocolok 1")
        elif words[0] == "isready":
            say("readyok")
        elif words[0] == "position":
            try:
                position = read_position(line[len("position"):])
            except ValueError as err:
                say("error %s" % err)
        elif words[0] == "go":
            go(position, words)
        elif words[0] == "quit":
            break


if __name__ == "__main__":
    main()
