#!/usr/bin/env bash
# Runs the search benchmark and keeps its markdown report (see BENCHMARKS.md).
#
#   scripts/bench.sh                 full run (a few minutes), report in target/bench/
#   scripts/bench.sh quick           smoke run (seconds)
#   scripts/bench.sh profile ALGO [DEPTH] [POSITION]
#                                    one fast search under callgrind, then the top
#                                    functions by instructions (ALGO: minimax|alphabeta;
#                                    POSITION: index into the bench's position list)
#   scripts/bench.sh compare OLD_EXE [ALGO] [DEPTH] [POSITIONS] [REPEATS]
#                                    one search per position with an older bench
#                                    executable and this one, alternating, best of
#                                    REPEATS wall times each, and the speed-up (build the
#                                    old one with `cargo bench --no-run` and copy it aside)
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
        sed -n 's|.*"executable":"\([^"]*/search-[^"]*\)".*|\1|p' | tail -1)
    out="target/bench/callgrind.$algo.out"
    QUEENS_BENCH_PROFILE="$algo" QUEENS_BENCH_DEPTH="${3:-3}" QUEENS_BENCH_POSITION="${4:-6}" \
        valgrind --tool=callgrind --callgrind-out-file="$out" "$exe" --bench
    callgrind_annotate "$out" | sed -n '/file:function/,$p' | head -25
    ;;
compare)
    old="${2:?compare needs the old bench executable}"
    algo="${3:-alphabeta}"
    depth="${4:-6}"
    positions="${5:-6 7}"
    repeats="${6:-5}"
    new=$(cargo bench --bench search --no-run --message-format=json 2>/dev/null |
        sed -n 's|.*"executable":"\([^"]*/search-[^"]*\)".*|\1|p' | tail -1)
    # One search; prints its wall time in milliseconds.
    time_ms() {
        QUEENS_BENCH_PROFILE="$algo" QUEENS_BENCH_DEPTH="$depth" QUEENS_BENCH_POSITION="$2" \
            "$1" --bench | sed -n 's/.* nodes in \([0-9.]*\) \(m\?s\)$/\1 \2/p' |
            awk '{ print ($2 == "s") ? $1 * 1000 : $1 }'
    }
    echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
    for position in $positions; do
        best_old=""
        best_new=""
        for _ in $(seq "$repeats"); do
            best_old=$(printf '%s\n%s\n' "$best_old" "$(time_ms "$old" "$position")" | sed '/^$/d' | sort -g | head -1)
            best_new=$(printf '%s\n%s\n' "$best_new" "$(time_ms "$new" "$position")" | sed '/^$/d' | sort -g | head -1)
        done
        QUEENS_BENCH_PROFILE="$algo" QUEENS_BENCH_DEPTH="$depth" QUEENS_BENCH_POSITION="$position" "$new" --bench
        echo "position $position: old $best_old ms, new $best_new ms, speed-up $(awk -v a="$best_old" -v b="$best_new" 'BEGIN { printf "%.2f", a / b }')"
    done
    ;;
*)
    echo "usage: scripts/bench.sh [full|quick|profile ALGO [DEPTH] [POSITION]|compare OLD_EXE [ALGO] [DEPTH] [POSITIONS] [REPEATS]]" >&2
    exit 2
    ;;
esac
