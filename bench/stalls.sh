#!/usr/bin/env bash
# What a blocking and a spinning submission cost (issue #30; Note [blocked or slow] in
# grader/cli/running/run.cpp): the wall time of one `./grade batch mha` of six correct submissions, alone
# and beside one that sleeps forever and one that spins forever (the kata's own limits: 10 s of CPU
# per check), and the sleeper's whole grading alone (`./grade mha --solution`). Medians of N runs,
# interleaved. Goals: batch with the two <= 1.3 x batch without + 60 s; the sleeper <= 60 s.
# Usage: bench/stalls.sh [runs]   (default 3)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
runs="${1:-3}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/six" "$work/eight"
cp solutions/mha/worked.cpp "$work/six/"
for f in additive_mask loop_over_heads fused_qkv_projection merge_with_permute_reshape \
         manual_stable_softmax; do
  cp "solutions/mha/accepted/$f.cpp" "$work/six/"
done
cp "$work"/six/*.cpp "$work/eight/"
cp solutions/mha/hostile/sleeps_forever.cpp solutions/mha/hostile/infinite_loop.cpp "$work/eight/"
./grade mha --solution solutions/mha/worked.cpp >/dev/null  # warm: builds the project once

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
time_ms() {
  local s
  s=$(date +%s%N)
  "$@" >/dev/null 2>&1 || true
  echo $(( ($(date +%s%N) - s) / 1000000 ))
}
six=() eight=() sleeper=()
for i in $(seq "$runs"); do
  six+=("$(time_ms ./grade batch mha "$work/six" --out "$work/book6" --jobs 2)")
  eight+=("$(time_ms ./grade batch mha "$work/eight" --out "$work/book8" --jobs 2)")
  sleeper+=("$(time_ms ./grade mha --solution solutions/mha/hostile/sleeps_forever.cpp)")
  echo "run $i: six ${six[-1]} ms, eight ${eight[-1]} ms, sleeper alone ${sleeper[-1]} ms"
done
m6=$(printf '%s\n' "${six[@]}" | median)
m8=$(printf '%s\n' "${eight[@]}" | median)
ms=$(printf '%s\n' "${sleeper[@]}" | median)
awk -v a="$m6" -v b="$m8" -v s="$ms" 'BEGIN {
  printf "median: six correct %d ms; with a sleeper and a spinner %d ms (%.2fx; goal <= 1.3x + 60 s = %d ms)\n", a, b, b / a, 1.3 * a + 60000
  printf "median: the sleeper graded alone %d ms (goal <= 60000 ms)\n", s }'
