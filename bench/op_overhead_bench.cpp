// What the instrumentation (kt/instrument.hpp: the op trace and allocation accounting) costs while
// it is off, on small ops. This file is compiled three times into kt_overhead_bench, against three
// copies of the library (bench/CMakeLists.txt): libkt as shipped (benchmarks named
// <op>/instrumented_off); kt_noinstr, built with KT_NO_INSTRUMENTATION, where OpScope is an empty
// struct and no allocation is checked for accounting (<op>/compiled_out); and kt_copy, libkt
// again (<op>/instrumented_copy), whose difference from libkt is only where the linker placed the
// code: the noise floor of the comparison. In the last two `kt` is a macro for the renamed
// namespace. Run: bench/run_overhead_bench.sh; figures in docs/performance.md.
#include <benchmark/benchmark.h>

#include <string>

#include "kt/tensor.hpp"

namespace {

void view(benchmark::State& state) {
  const kt::Tensor t = kt::ones({2, 3});
  for (auto _ : state) benchmark::DoNotOptimize(t.view({3, 2}));
}
void transpose(benchmark::State& state) {
  const kt::Tensor t = kt::ones({2, 3});
  for (auto _ : state) benchmark::DoNotOptimize(t.transpose(0, 1));
}
void add(benchmark::State& state) {
  const kt::Tensor a = kt::ones({2, 3});
  const kt::Tensor b = kt::ones({2, 3});
  for (auto _ : state) benchmark::DoNotOptimize(a + b);
}
void matmul(benchmark::State& state) {
  const kt::Tensor a = kt::ones({2, 3});
  const kt::Tensor b = kt::ones({3, 3});
  for (auto _ : state) benchmark::DoNotOptimize(kt::matmul(a, b));
}
void softmax(benchmark::State& state) {
  kt::Generator gen(1);
  const kt::Tensor x = kt::randn({4, 8}, gen);
  for (auto _ : state) benchmark::DoNotOptimize(kt::softmax(x, -1));
}

const bool registered = [] {
  const std::string variant = KT_OVERHEAD_VARIANT;
  benchmark::RegisterBenchmark(("view_2x3/" + variant).c_str(), view);
  benchmark::RegisterBenchmark(("transpose_2x3/" + variant).c_str(), transpose);
  benchmark::RegisterBenchmark(("add_2x3/" + variant).c_str(), add);
  benchmark::RegisterBenchmark(("matmul_2x3x3/" + variant).c_str(), matmul);
  benchmark::RegisterBenchmark(("softmax_4x8/" + variant).c_str(), softmax);
  return true;
}();

}  // namespace

#ifdef KT_OVERHEAD_MAIN
BENCHMARK_MAIN();
#endif
