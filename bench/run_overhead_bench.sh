#!/usr/bin/env bash
# What the instrumentation (op trace, allocation accounting) costs while off, per small op. Runs
# kt_overhead_bench, which holds every op twice: against libkt as shipped (instrumented, off) and
# against the same library built with KT_NO_INSTRUMENTATION (compiled out). REPS repetitions of
# each (default 21), randomly interleaved in one process so that this VM's noise hits both alike;
# prints the median CPU time per op and the ratio.
# Usage: bench/run_overhead_bench.sh [REPS]   (builds the default preset's kt_overhead_bench first)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
reps="${1:-21}"
cmake --preset default >/dev/null
cmake --build --preset default --target kt_overhead_bench >/dev/null
# CSV columns: name,iterations,real_time,cpu_time,time_unit,...
build/default/bench/kt_overhead_bench --benchmark_repetitions="$reps" \
  --benchmark_enable_random_interleaving=true --benchmark_report_aggregates_only=true \
  --benchmark_min_time=0.1 --benchmark_format=csv 2>/dev/null | grep '_median"' |
  awk -F, -v reps="$reps" '
    { split($1, part, "/"); op = part[1]; gsub(/"/, "", op)
      variant = part[2]; sub(/_median"/, "", variant); t[op, variant] = $4; ops[op] = 1 }
    END {
      printf "%-14s %24s %20s %7s\n", "op", "instrumented, off (ns)", "compiled out (ns)", "ratio"
      split("view_2x3 transpose_2x3 add_2x3 matmul_2x3x3 softmax_4x8", order, " ")
      for (i = 1; i <= 5; i++) {
        o = order[i]
        if (!(o in ops)) continue
        on = t[o, "instrumented_off"]; off = t[o, "compiled_out"]
        printf "%-14s %24.1f %20.1f %7.3f\n", o, on, off, on / off
      }
      printf "(medians of %d repetitions, randomly interleaved in one run)\n", reps
    }'
