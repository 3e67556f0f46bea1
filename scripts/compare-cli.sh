#!/usr/bin/env bash
# Queens answers must not change when a command learns other games: this runs a fixed
# list of commands (queens' analyse, puzzles, solve --all-moves, bestmove, replay, tree,
# perft and arena, then the same for tic-tac-toe and Dodgem with --kind; fixed seeds,
# depths and one thread, so every answer is the same from run to run) and either
# records their answers or compares them with a recording, byte for byte once the
# timing fields (time_ms, elapsed_ms, nps, ...) are taken out.
#
#   scripts/compare-cli.sh record DIR [BIN]   # answers of BIN into DIR
#   scripts/compare-cli.sh check DIR [BIN]    # BIN's answers against DIR; exit 1 on a difference
#
# BIN defaults to target/debug/queens. To compare two commits: build the old one,
# record, build the new one, check.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:?record or check}
dir=${2:?a folder for the answers}
bin=${3:-target/debug/queens}
mkdir -p "$dir"

# name|arguments, quoted as in a shell (one command per line; no '|' inside).
commands=(
  "analyse-6|analyse --size 6 --stones e2,a6,b6 --moves c3,f5,d1,a2 --time-ms 3000 --retry-ms 0 --threads 1 --hash 16"
  "analyse-7|analyse --game 'size=7 stones=e2 moves=d4,b3,g5,c6,e1' --time-ms 3000 --retry-ms 0 --threads 1 --hash 16"
  "analyse-refused|analyse --size 5 --moves c3,c3"
  "puzzles-5-6|puzzles --count 3 --size 5..6 --seed 7 --threads 1 --time-ms 5000"
  "puzzles-7|puzzles --count 2 --size 7 --seed 3 --threads 1 --time-ms 5000 --min-loss 4"
  "solve-all-5|solve --size 5 --stones b2 --moves c3 --all-moves --threads 1 --hash 16"
  "solve-all-6|solve --game 'size=6 stones=b2,e5 moves=c3,a1,f6' --all-moves --threads 1 --hash 16"
  "solve-within-6|solve --game 'size=6 stones=b2,e5 moves=c3' --all-moves --exact-within 2 --threads 1 --hash 16"
  "bestmove-ab|bestmove --size 6 --stones b2,d5 --moves c3 --depth 3"
  "bestmove-pvs|bestmove --game 'size=7 stones=b2,f6 moves=d4,a1' --algo pvs --depth 4 --threads 1"
  "bestmove-mm|bestmove --size 5 --stones c3 --algo minimax --depth 3"
  "bestmove-game-q|bestmove --game 'game=queens size=5 moves=c3' --depth 2"
  "bestmove-no-limit|bestmove --size 5"
  "bestmove-illegal|bestmove --size 5 --moves c3,c3 --depth 2"
  "bestmove-eval|bestmove --size 5 --eval x.ron --depth 2"
  "bestmove-to-end|bestmove --size 4 --time-ms 60000"
  "bestmove-ttt-end|bestmove --kind tictactoe"
  "bestmove-othello-pvs|bestmove --kind othello --algo pvs --depth 2"
  "tree-q-bad-cell|tree --kind queens --position 'size=4' --moves z9"
  "replay-bad-cell|replay --size 4 --moves z9"
  "tree-q-off-board|tree --kind queens --position 'size=4' --moves e5"
  "perft-q-bad-move|perft 'size=4 moves=z9' --depth 1"
  "replay-6|replay --size 6 --stones b2,e5 --moves c3,a1,f6"
  "replay-illegal|replay --size 5 --moves c3,c3"
  "replay-game|replay --game 'size=6 stones=b2 moves=c3,a1'"
  "replay-game-named|replay --game 'game=queens size=5 moves=c3'"
  "replay-random|replay --size 7 --random-stones 5 --seed 3 --moves d4"
  "replay-over|replay --size 3 --moves b2"
  "replay-bad-size|replay --size 20"
  "replay-none|replay"
  "replay-position|replay --position 'size=5 moves=c3'"
  "tree-q|tree --kind queens --position 'size=4 stones=b2' --moves a1 --depth 2"
  "tree-q-ab|tree --kind queens --position 'size=4 moves=a1' --depth 2 --algo alphabeta"
  "tree-q-illegal|tree --kind queens --position 'size=4' --moves a1,a1"
  "tree-q-missing|tree --kind queens"
  "tree-written|tree '((8 7 2)(9 1 6)(2 4 1))' --algo alphabeta"
  "perft-q|perft 'size=5 stones=c3' --depth 3"
  "perft-q-divide|perft 'size=4 moves=a1' --depth 2 --divide"
  "puzzles-refused-out|puzzles --kind tictactoe --out /tmp/never.ron"
  "arena-q|arena --games 2 --size 5 --stones 2 --seed 1 --a alphabeta:2 --b minimax:1 --threads 1 --no-history"
  "arena-q-bad|arena --games 2 --size 4 --a alphabeta:2 --b minimax:1 --threads 1 --no-history"
  "replay-ttt|replay --kind tictactoe --moves b2,a1,c3"
  "replay-ttt-illegal|replay --kind tictactoe --moves b2,b2"
  "replay-ttt-game|replay --game 'game=tictactoe moves=b2,a1'"
  "replay-ttt-size|replay --kind tictactoe --size 5"
  "replay-dodgem|replay --kind dodgem"
  "tree-ttt|tree --kind tictactoe --moves b2 --depth 2"
  "tree-dodgem|tree --kind dodgem --depth 1"
  "perft-ttt|perft --kind tictactoe --depth 3"
  "perft-dodgem|perft --kind dodgem --depth 3 --divide"
  "bestmove-ttt|bestmove --kind tictactoe --moves b2 --depth 3"
  "bestmove-dodgem|bestmove --kind dodgem --depth 3"
  "solve-ttt|solve --kind tictactoe --moves b2"
  "solve-all-ttt|solve --kind tictactoe --moves b2,a1 --all-moves"
  "solve-all-dodgem|solve --kind dodgem --all-moves"
  "analyse-ttt|analyse --kind tictactoe --moves b2,a1,c3,a3"
  "analyse-dodgem|analyse --game 'game=dodgem' --kind dodgem"
  "puzzles-ttt|puzzles --kind tictactoe --count 2 --seed 1"
  "puzzles-dodgem|puzzles --kind dodgem --count 1 --seed 2"
  "arena-ttt|arena --kind tictactoe --games 2 --a alphabeta:2 --b minimax:1 --threads 1 --no-history"
  "arena-dodgem|arena --kind dodgem --games 2 --a alphabeta:2 --b alphabeta:1 --threads 1 --no-history"
  "arena-ttt-size|arena --kind tictactoe --games 2 --size 5 --no-history"
  "solve-othello|solve --kind othello"
)

# The answer without its timing fields, keys in a fixed order.
normalise() {
  jq -S 'walk(if type == "object" then with_entries(select(.key | test("(^|_)(ms|nps|elapsed|time|seconds)($|_)") | not)) else . end)'
}

status=0
for entry in "${commands[@]}"; do
  name=${entry%%|*}
  eval "args=(${entry#*|})"
  code=0
  out=$("$bin" "${args[@]}" 2>"$dir/.stderr") || code=$?
  if [ "$code" != 0 ]; then
    out="exit $code: $out $(cat "$dir/.stderr")"
  fi
  normal=$(printf '%s\n' "$out" | normalise 2>/dev/null || printf '%s\n' "$out")
  case "$mode" in
    record) printf '%s\n' "$normal" >"$dir/$name.json" ;;
    check)
      if [ "$normal" != "$(cat "$dir/$name.json")" ]; then
        echo "DIFFERS: $name"
        diff <(cat "$dir/$name.json") <(printf '%s\n' "$normal") | head -20 || true
        status=1
      else
        echo "same: $name"
      fi
      ;;
    *) echo "record or check" >&2; exit 2 ;;
  esac
done
exit $status
