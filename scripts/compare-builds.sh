#!/usr/bin/env bash
# Two commits side by side on what users get (issue 42: a restructuring changes none of
# it): the command line's answers on fixed lists of commands (scripts/compare-cli.sh and
# scripts/cli-answers.py, timing fields left out), the search benchmark's fingerprint
# (fixed-depth node counts), and the .deb's contents (paths, modes and control fields).
#
#   bash scripts/compare-builds.sh OLD_COMMIT [NEW_COMMIT]   # NEW defaults to the work tree
#
# The old commit is checked out in $TMPDIR/queens-compare/old (a git worktree outside
# this workspace, which cargo would otherwise take it to be part of) and built there with
# its own scripts, in target/compare/old-target. Exit 1 on any difference.
set -euo pipefail
cd "$(dirname "$0")/.."
old=${1:?the old commit}
new=${2:-}
root=$PWD
work=$root/target/compare
rm -rf "$work/answers" && mkdir -p "$work/answers"
tree_of() { # commit -> folder holding it
  local name=$1 commit=$2
  if [ -z "$commit" ]; then echo "$root"; return; fi
  local folder=${TMPDIR:-/tmp}/queens-compare/$name
  git worktree remove --force "$folder" 2>/dev/null || true
  git worktree add --detach "$folder" "$commit" >/dev/null 2>&1
  echo "$folder"
}
old_tree=$(tree_of old "$old")
new_tree=$(tree_of new "$new")
export CARGO_TERM_COLOR=never
status=0

for side in old new; do
  tree_var=${side}_tree
  tree=${!tree_var}
  target=$work/$side-target
  [ "$tree" = "$root" ] && target=$root/target
  echo "== $side: $(git -C "$tree" log --oneline -1)"
  (cd "$tree" && CARGO_TARGET_DIR=$target cargo build --locked --bin queens 2>&1 | tail -1)
  bin=$target/debug/queens
  bash scripts/compare-cli.sh record "$work/answers/$side-cli" "$bin" >/dev/null
  python3 scripts/cli-answers.py "$bin" >"$work/answers/$side-answers.txt"
  # The fingerprint is node counts, the same in every profile: the dev build is reused
  # and the benchmark stopped once it has printed it.
  (cd "$tree" && CARGO_TARGET_DIR=$target QUEENS_BENCH_QUICK=1 cargo bench --locked --profile dev \
    --bench search 2>/dev/null | grep -m 1 '^bench fingerprint' >"$work/answers/$side-fingerprint.txt") || true
  (cd "$tree" && CARGO_TARGET_DIR=$target PROFILE=dev bash scripts/package.sh deb >/dev/null)
  deb=$(ls -t "$tree"/target/dist/queens_*_amd64.deb | head -n 1)
  { dpkg-deb -c "$deb" | awk '{print $1, $6}'
    dpkg-deb -f "$deb" | grep -v '^Installed-Size:'; } >"$work/answers/$side-deb.txt"
done

same() { # what, old file, new file
  if diff -r "$2" "$3" >"$work/answers/diff.txt"; then
    echo "same: $1"
  else
    echo "DIFFERS: $1"; head -40 "$work/answers/diff.txt"; status=1
  fi
}
same "compare-cli.sh answers ($(ls "$work/answers/old-cli" | wc -l) commands)" "$work/answers/old-cli" "$work/answers/new-cli"
same "cli-answers.py answers ($(wc -l <"$work/answers/old-answers.txt") commands)" "$work/answers/old-answers.txt" "$work/answers/new-answers.txt"
same "bench fingerprint: $(cat "$work/answers/new-fingerprint.txt")" "$work/answers/old-fingerprint.txt" "$work/answers/new-fingerprint.txt"
same ".deb contents ($(wc -l <"$work/answers/new-deb.txt") lines)" "$work/answers/old-deb.txt" "$work/answers/new-deb.txt"
exit $status
