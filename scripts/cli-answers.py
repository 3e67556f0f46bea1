#!/usr/bin/env python3
"""The command line's answers on a fixed list of commands, one JSON line each, with the
fields that vary from run to run (times, and the thread count's note) left out: run it
with two builds of `queens` and diff the outputs to see that a change kept the answers.

    python3 scripts/cli-answers.py OLD_BINARY > before.txt
    python3 scripts/cli-answers.py target/debug/queens > after.txt
    diff before.txt after.txt
"""
import json
import subprocess
import sys

COMMANDS = [
    ["solve", "--game", "size=4 stones=b2", "--threads", "1"],
    ["solve", "--game", "size=5 stones=a1,c3", "--threads", "1", "--all-moves"],
    ["solve", "--game", "size=6 stones=b2,e5 moves=c3", "--threads", "1", "--all-moves"],
    ["solve", "--game", "size=7 stones=a1,b5,f2 moves=d4,g6", "--threads", "1", "--all-moves", "--exact-within", "2"],
    ["solve", "--game", "size=8 stones=b2,g7,d5,e4", "--threads", "1"],
    ["solve", "--size", "6", "--random-stones", "3", "--seed", "7", "--threads", "1", "--all-moves"],
    ["solve", "--game", "size=8", "--threads", "1", "--all-moves"],
    ["solve", "--game", "size=5 moves=c3,b1,e2", "--threads", "1", "--all-moves"],
    ["analyse", "--game", "size=5 stones=b2 moves=c3,d1,a2,e4,b5", "--threads", "1"],
    ["analyse", "--game", "size=6 stones=b2,e5 moves=a1,b4,e6,f2", "--threads", "1"],
    ["puzzles", "--count", "3", "--seed", "11", "--size", "5..6", "--threads", "1"],
    ["bestmove", "--game", "size=6 stones=b2", "--depth", "3"],
    ["perft", "--kind", "tictactoe", "--depth", "4"],
    ["perft", "--kind", "dodgem", "--depth", "5", "--divide"],
    ["replay", "--game", "size=5 stones=c3 moves=a1,e5,b3"],
    ["solve", "--kind", "tictactoe", "--all-moves"],
    ["solve", "--kind", "tictactoe", "--position", "x../.o./..x", "--all-moves"],
    ["solve", "--kind", "dodgem", "--all-moves"],
    ["analyse", "--kind", "tictactoe", "--moves", "b2,a1,c3,a3,a2"],
    ["analyse", "--kind", "dodgem", "--moves", "a3-b3,b1-b2,b3-c3"],
    ["puzzles", "--kind", "tictactoe", "--count", "2", "--seed", "5"],
    ["puzzles", "--kind", "dodgem", "--count", "1", "--seed", "5"],
]

VARYING = {"time_ms", "time_us", "elapsed_ms", "retry_ms"}


def strip(value):
    if isinstance(value, dict):
        return {k: strip(v) for k, v in value.items() if k not in VARYING}
    if isinstance(value, list):
        return [strip(v) for v in value]
    return value


def main():
    binary = sys.argv[1]
    for command in COMMANDS:
        run = subprocess.run([binary, *command], capture_output=True, text=True, timeout=600)
        try:
            answer = json.dumps(strip(json.loads(run.stdout)), sort_keys=True)
        except json.JSONDecodeError:
            answer = run.stdout.strip()
        print(f"$ queens {' '.join(command)}\nexit {run.returncode}\n{answer}")
        if run.returncode != 0:
            print(f"stderr: {run.stderr.strip()}")


if __name__ == "__main__":
    main()
