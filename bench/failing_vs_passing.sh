#!/usr/bin/env bash
# What a failing solution's diagnosis costs: ./grade KATA on the worked solution (passes: no
# diagnosis runs), on a wrong one a catalogue entry diagnoses, and on one no entry fits (the MHA
# family then traces the first diverging step); median wall time of N runs each, interleaved, and
# each failing median as a ratio of the passing one (goal: <= 1.5, issue #12).
# Usage: bench/failing_vs_passing.sh [kata] [runs] [diagnosed.cpp] [undiagnosed.cpp]
#   (default: mha, 7 runs, solutions/mha/wrong/no_scale.cpp,
#    solutions/mha/wrong/no_scale_no_output_projection.cpp)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
name="${1:-mha}"
runs="${2:-7}"
diagnosed="${3:-solutions/$name/wrong/no_scale.cpp}"
undiagnosed="${4:-solutions/$name/wrong/no_scale_no_output_projection.cpp}"
./grade "$name" --solution "solutions/$name/worked.cpp" >/dev/null  # warm: builds the project once

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
time_ms() {
  local s
  s=$(date +%s%N)
  ./grade "$name" --solution "$1" >/dev/null || true
  echo $(( ($(date +%s%N) - s) / 1000000 ))
}
pass=() diag=() trace=()
for _ in $(seq "$runs"); do
  pass+=("$(time_ms "solutions/$name/worked.cpp")")
  diag+=("$(time_ms "$diagnosed")")
  trace+=("$(time_ms "$undiagnosed")")
done
p=$(printf '%s\n' "${pass[@]}" | median)
d=$(printf '%s\n' "${diag[@]}" | median)
t=$(printf '%s\n' "${trace[@]}" | median)
echo "kata $name, $runs runs each, median wall time of ./grade $name --solution FILE:"
echo "  passing (worked.cpp)                     ${p} ms"
echo "  failing, catalogue diagnosis ($(basename "$diagnosed"))  ${d} ms  = $(awk -v a="$d" -v b="$p" 'BEGIN {printf "%.2f", a / b}') x passing"
echo "  failing, no catalogue entry fits ($(basename "$undiagnosed"))  ${t} ms  = $(awk -v a="$t" -v b="$p" 'BEGIN {printf "%.2f", a / b}') x passing"
