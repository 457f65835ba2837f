#!/usr/bin/env bash
# What the instrumentation (op trace, allocation accounting) costs while off, per small op. Runs
# kt_overhead_bench, which holds every op three times: against libkt as shipped (instrumented, off),
# against the same library built with KT_NO_INSTRUMENTATION (compiled out), and against a second
# copy of libkt (the noise floor: identical code, placed elsewhere by the linker). REPS repetitions
# of each (default 31), randomly interleaved in one process so that this VM's noise hits all three
# alike. Prints, per op, the median CPU time of each copy and the ratios to "compiled out"; then the
# same for the fastest repetition, which other processes' load disturbs least.
# Usage: bench/run_overhead_bench.sh [REPS]   (builds the default preset's kt_overhead_bench first)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
reps="${1:-31}"
cmake --preset default >/dev/null
cmake --build --preset default --target kt_overhead_bench >/dev/null
# CSV columns: name,iterations,real_time,cpu_time,time_unit,...; one row per repetition.
build/default/bench/kt_overhead_bench --benchmark_repetitions="$reps" \
  --benchmark_enable_random_interleaving=true --benchmark_min_time=0.1 \
  --benchmark_format=csv 2>/dev/null | grep '^"[a-z]' | grep -v '_\(mean\|median\|stddev\|cv\)"' |
  awk -F, '{ gsub(/"/, "", $1); split($1, part, "/"); print part[1], part[2], $4 }' |
  sort -k1,1 -k2,2 -k3,3g |
  awk -v reps="$reps" '
    { key = $1 SUBSEP $2; n[key]++; t[key, n[key]] = $3 }
    END {
      for (k in n) {
        c = n[k]
        median[k] = (c % 2) ? t[k, (c + 1) / 2] : (t[k, c / 2] + t[k, c / 2 + 1]) / 2
        fastest[k] = t[k, 1]
      }
      split("view_2x3 transpose_2x3 add_2x3 matmul_2x3x3 softmax_4x8", order, " ")
      for (pass = 1; pass <= 2; pass++) {
        printf "%-14s %12s %12s %12s %9s %9s\n", pass == 1 ? "median ns" : "fastest ns",
               "instr. off", "instr. copy", "compiled out", "off/out", "copy/out"
        for (i = 1; i <= 5; i++) {
          o = order[i]
          on = o SUBSEP "instrumented_off"; copy = o SUBSEP "instrumented_copy"
          out = o SUBSEP "compiled_out"
          if (!(on in n)) continue
          a = pass == 1 ? median[on] : fastest[on]
          b = pass == 1 ? median[copy] : fastest[copy]
          c = pass == 1 ? median[out] : fastest[out]
          printf "%-14s %12.1f %12.1f %12.1f %9.3f %9.3f\n", o, a, b, c, a / c, b / c
        }
      }
      printf "(%d repetitions of each, randomly interleaved in one run)\n", reps
    }'
