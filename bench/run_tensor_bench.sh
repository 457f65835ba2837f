#!/usr/bin/env bash
# Runs the runtime benchmarks (medians of 5 repetitions) and prints the ratios the goals are stated
# in: kt matmul / raw Eigen GEMM at the same size, and attention forward / raw Eigen GEMM at 512.
# Usage: bench/run_tensor_bench.sh   (builds the default preset first)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
cmake --preset default >/dev/null && cmake --build --preset default --target kt_bench >/dev/null
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
build/default/bench/kt_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
  --benchmark_min_time=0.3 --benchmark_format=csv 2>/dev/null | grep '_median"' >"$out"

# CSV columns: name,iterations,real_time,cpu_time,time_unit,...,"GFLOP/s" (last column)
awk -F, '
  { name = $1; gsub(/"|_median/, "", name); t[name] = $3; unit[name] = $5; g[name] = $NF }
  END {
    printf "%-44s %12s %10s\n", "benchmark (median of 5)", "time", "GFLOP/s"
    for (n in t) if (g[n] + 0 > 0) printf "%-44s %9.3f %-2s %10.1f\n", n, t[n], unit[n], g[n] / 1e9
    for (n in t) if (g[n] + 0 == 0 && n !~ /Warmup/) printf "%-44s %9.1f %-2s\n", n, t[n], unit[n]
    print ""
    split("float double", types, " ")
    for (i = 1; i <= 2; i++) {
      ty = types[i]
      for (s = 256; s <= 1024; s *= 2) for (tr = 0; tr <= 1; tr++) {
        k = "BM_KtMatmul<" ty ">/n:" s "/transposed:" tr
        e = "BM_EigenGemm<" ty ">/n:" s "/transposed:" tr
        printf "matmul %-6s n=%-4d transposed=%d: kt / raw Eigen = %5.1f%%\n", ty, s, tr, 100 * g[k] / g[e]
      }
      a = "BM_KtAttention<" ty ">"
      e = "BM_EigenGemm<" ty ">/n:512/transposed:0"
      printf "attention %-6s: %.1f GFLOP/s = %5.1f%% of raw Eigen GEMM at n=512\n", ty, g[a] / 1e9, 100 * g[a] / g[e]
    }
  }' "$out" | sort -s -k1,1 -t' ' | sed '/^$/d'
