#!/usr/bin/env python3
"""A scripted fake engine for the tests of crates/programs/src: it speaks the protocol of
docs/protocol.md for tic-tac-toe (the first empty cell is its move) and misbehaves as its
first argument says: good, crash, crash_at_start, hang, late, garbage, flood, longline,
illegal, ignore_stop, refuse, silent_start, old_protocol, think (a depth, then waits
for stop)."""
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "good"


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def first_empty(game_string):
    moves = []
    for word in game_string.split():
        if word.startswith("moves="):
            moves = [m for m in word[len("moves="):].split(",") if m]
    for row in "123":
        for col in "abc":
            if col + row not in moves:
                return col + row
    return "none"


if MODE == "crash_at_start":
    sys.stderr.write("Traceback: something broke at start\n")
    sys.exit(3)
position = ""
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    cmd = words[0]
    if cmd == "protocol":
        if MODE == "silent_start":
            continue
        say("id name fake " + MODE)
        say("id author the tests")
        say("protocolok " + ("2" if MODE == "old_protocol" else "1"))
    elif cmd == "isready":
        say("readyok")
    elif cmd == "position":
        position = line[len("position "):].strip()
    elif cmd == "go":
        mv = first_empty(position)
        if MODE == "crash":
            sys.stderr.write("ZeroDivisionError: division by zero\n")
            sys.stderr.flush()
            sys.exit(1)
        elif MODE == "hang":
            continue
        elif MODE == "late":
            # Waits for stop, then answers: past the time and the margin.
            continue
        elif MODE == "think":
            # Reports a depth, then thinks until stop (answered in time).
            say("info depth 2 nodes 40 value 1 pv " + mv)
        elif MODE == "garbage":
            say("thinking about " + mv)
        elif MODE == "flood":
            for i in range(20000):
                say("info depth 1 nodes %d" % i)
            say("bestmove " + mv)
        elif MODE == "longline":
            say("info pv " + " ".join(["a1"] * 5000))
        elif MODE == "illegal":
            say("bestmove z9")
        elif MODE == "ignore_stop":
            while True:
                say("info depth 1 nodes 1")
                time.sleep(0.05)
        elif MODE == "refuse":
            say("error this engine plays chess only")
        else:
            say("info depth 1 nodes 2 value 0 pv " + mv)
            say("bestmove %s value 0 nodes 2 leaves 1" % mv)
    elif cmd == "stop":
        if MODE in ("late", "think"):
            say("bestmove " + first_empty(position))
    elif cmd == "quit":
        break
