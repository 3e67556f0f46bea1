#!/usr/bin/env python3
"""Judges every game an arena saved: the cells each engine gave away, proved by
`queens analyse` (issue 21.5, BENCHMARKS.md "Cells given away").

    scripts/judge_arena.py QUEENS_BINARY HISTORY_FOLDER [ANALYSE_ARGS...]

HISTORY_FOLDER is the `history` folder under an arena's `--saves-dir`. Each game is
analysed with `--threads 2` and the defaults unless other arguments follow. Prints one
line per move that lost cells, then the totals per engine as JSON. Exits 1 if any move
was left unproved (its loss would be an estimate, not a fact).
"""

import glob
import json
import re
import subprocess
import sys
import time


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    queens, folder = sys.argv[1], sys.argv[2]
    extra = sys.argv[3:] or ["--threads", "2"]
    totals = {}
    started = time.time()
    unproved = 0
    files = sorted(glob.glob(f"{folder}/*.ron"))
    if not files:
        print(f"no saved games in {folder}", file=sys.stderr)
        return 2
    for path in files:
        with open(path, encoding="utf-8") as save:
            text = save.read()
        # The two seats, P1 first, as the save's settings name them.
        engines = re.findall(r'algorithm: "(\w+)"', text)[:2]
        done = subprocess.run(
            [queens, "analyse", "--file", path, *extra],
            capture_output=True,
            text=True,
            check=True,
        )
        analysis = json.loads(done.stdout)
        for engine in engines:
            totals.setdefault(engine, {"games": 0, "moves": 0, "cells": 0, "games_with_a_loss": 0})
        lost = {engine: 0 for engine in engines}
        for move in analysis["moves"]:
            engine = engines[move["player"] - 1]
            totals[engine]["moves"] += 1
            if not move["exact"]:
                unproved += 1
            if move["loss"]:
                lost[engine] += move["loss"]
                print(f"{path}: {engine} ply {move['ply']} ({move['move']}) gave away {move['loss']}")
        for engine, cells in lost.items():
            totals[engine]["games"] += 1
            totals[engine]["cells"] += cells
            totals[engine]["games_with_a_loss"] += cells > 0
    print(json.dumps({"engines": totals, "unproved_moves": unproved,
                      "analyse_seconds": round(time.time() - started, 1)}))
    return 1 if unproved else 0


if __name__ == "__main__":
    sys.exit(main())
