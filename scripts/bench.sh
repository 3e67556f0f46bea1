#!/usr/bin/env bash
# Runs the search benchmark and keeps its markdown report (see BENCHMARKS.md).
#
#   scripts/bench.sh                 full run (a few minutes), report in target/bench/
#   scripts/bench.sh quick           smoke run (seconds)
#   scripts/bench.sh profile ALGO [DEPTH] [POSITION]
#                                    one fast search under callgrind, then the top
#                                    functions by instructions (ALGO: minimax|alphabeta;
#                                    POSITION: index into the bench's position list)
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-full}"
mkdir -p target/bench
case "$mode" in
full | quick)
    [ "$mode" = quick ] && export QUEENS_BENCH_QUICK=1
    report="target/bench/search-$(date -u +%Y%m%dT%H%M%SZ)-$mode.md"
    {
        echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
        echo "rustc: $(rustc --version); commit: $(git rev-parse --short HEAD 2>/dev/null || echo none)"
        echo
    } >"$report"
    cargo bench --bench search | tee -a "$report"
    echo "report: $report" >&2
    ;;
profile)
    algo="${2:?profile needs an algorithm: minimax or alphabeta}"
    # `--no-run --message-format=json` names the bench executable without running it.
    exe=$(cargo bench --bench search --no-run --message-format=json 2>/dev/null |
        sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -1)
    out="target/bench/callgrind.$algo.out"
    QUEENS_BENCH_PROFILE="$algo" QUEENS_BENCH_DEPTH="${3:-3}" QUEENS_BENCH_POSITION="${4:-6}" \
        valgrind --tool=callgrind --callgrind-out-file="$out" "$exe" --bench
    callgrind_annotate "$out" | sed -n '/file:function/,$p' | head -25
    ;;
*)
    echo "usage: scripts/bench.sh [full|quick|profile ALGO [DEPTH] [POSITION]]" >&2
    exit 2
    ;;
esac
