#!/usr/bin/env bash
# Edit -> verdict time of the learner's loop: put a kata's worked solution in its kata file, touch
# it, run ./grade KATA until the verdict is printed; median of N runs. Beside it, in the same
# run: the compile time of one file including <Eigen/Dense>, and the time of the checks alone
# (the grade program's per-check durations, summed). Restores the kata file afterwards.
# Usage: bench/edit_to_verdict.sh [kata] [runs]   (default: mha, 7 runs)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
name="${1:-mha}"
runs="${2:-7}"
kata="katas/$name/$(sed -n 's/^file *= *"\(.*\)".*/\1/p' "katas/$name/kata.toml")"
backup="$(mktemp)"
cp "$kata" "$backup"
trap 'cp "$backup" "$kata"; rm -f "$backup"' EXIT
cp "solutions/$name/worked.cpp" "$kata"
./grade "$name" >/dev/null  # warm: builds the project once

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }

verdict=()
checks=()
for _ in $(seq "$runs"); do
  touch "$kata"
  s=$(date +%s%N)
  ./grade "$name" --format json > /tmp/kt-edit-verdict.json
  verdict+=("$(ms "$s")")
  checks+=("$(grep -o '"duration_ms": [0-9.]*' /tmp/kt-edit-verdict.json | awk '{s += $2} END {printf "%d", s}')")
done
tmpd="$(mktemp -d)"
printf '#include <Eigen/Dense>\nEigen::MatrixXd f(const Eigen::MatrixXd& a) { return a * a.transpose(); }\n' > "$tmpd/e.cpp"
eigen=()
for _ in $(seq "$runs"); do
  s=$(date +%s%N)
  g++ -std=c++20 -O2 -I/usr/include/eigen3 -c "$tmpd/e.cpp" -o "$tmpd/e.o"
  eigen+=("$(ms "$s")")
done
rm -rf "$tmpd"
v=$(printf '%s\n' "${verdict[@]}" | median)
c=$(printf '%s\n' "${checks[@]}" | median)
e=$(printf '%s\n' "${eigen[@]}" | median)
echo "$name, median of $runs: edit->verdict ${v} ms; checks alone ${c} ms; one <Eigen/Dense> file compiles in ${e} ms; edit->verdict / Eigen compile = $(awk "BEGIN {printf \"%.2f\", $v / $e}")"
