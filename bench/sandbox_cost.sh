#!/usr/bin/env bash
# What the sandbox costs the learner's loop: edit -> verdict of a kata's worked solution in its
# kata file (touch it, run ./grade KATA), alternately with the sandbox on (KT_SANDBOX=require) and
# off (KT_SANDBOX=off: the rlimits and the system-call filter stay), medians of N runs each and
# their ratio, in one run. Restores the kata file afterwards.
# Usage: bench/sandbox_cost.sh [kata] [runs]   (default: mha, 9 runs)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
name="${1:-mha}"
runs="${2:-9}"
kata="katas/$name/$(sed -n 's/^file *= *"\(.*\)".*/\1/p' "katas/$name/kata.toml")"
backup="$(mktemp)"
cp "$kata" "$backup"
trap 'cp "$backup" "$kata"; rm -f "$backup"' EXIT
cp "solutions/$name/worked.cpp" "$kata"
./grade "$name" >/dev/null  # warm: builds the project once

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }

on=()
off=()
for _ in $(seq "$runs"); do
  for mode in require off; do
    touch "$kata"
    s=$(date +%s%N)
    KT_SANDBOX=$mode ./grade "$name" >/dev/null
    if [ "$mode" = require ]; then on+=("$(ms "$s")"); else off+=("$(ms "$s")"); fi
  done
done
a=$(printf '%s\n' "${on[@]}" | median)
b=$(printf '%s\n' "${off[@]}" | median)
echo "kata $name, $runs runs each, interleaved"
echo "edit -> verdict, sandbox on:  median $a ms   (${on[*]})"
echo "edit -> verdict, sandbox off: median $b ms   (${off[*]})"
awk -v a="$a" -v b="$b" 'BEGIN {printf "ratio on/off: %.3f (goal <= 1.10)\n", a / b}'
