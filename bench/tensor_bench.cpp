// Runtime speed: matmul beside raw Eigen GEMM, an attention forward written with kt, and the
// per-op overhead on tiny tensors. Run: build/default/bench/kt_bench (see docs/performance.md).
#include <benchmark/benchmark.h>

#include <Eigen/Dense>
#include <cmath>

#include "kt/tensor.hpp"

namespace {

// The CSV reporter wants every counter in every row; rows without a rate report 0.
void no_rate(benchmark::State& state) { state.counters["GFLOP/s"] = 0; }

template <class T>
kt::Dtype dtype_of() {
  return std::is_same_v<T, float> ? kt::Float32 : kt::Float64;
}

// ---- matmul: kt vs raw Eigen, n x n x n
// ----------------------------------------------------------

template <class T>
void BM_EigenGemm(benchmark::State& state) {
  using M = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  const auto n = state.range(0);
  const bool transposed = state.range(1) != 0;
  const M a = M::Random(n, n), b = M::Random(n, n);
  M c(n, n);
  for (auto _ : state) {
    if (transposed) {
      c.noalias() = a * b.transpose();
    } else {
      c.noalias() = a * b;
    }
    benchmark::DoNotOptimize(c.data());
  }
  state.counters["GFLOP/s"] =
      benchmark::Counter(2.0 * double(n * n * n) * double(state.iterations()),
                         benchmark::Counter::kIsRate, benchmark::Counter::kIs1000);
}

template <class T>
void BM_KtMatmul(benchmark::State& state) {
  const auto n = state.range(0);
  const bool transposed = state.range(1) != 0;
  kt::Generator gen(1);
  const kt::Tensor a = kt::randn({n, n}, gen, dtype_of<T>());
  const kt::Tensor b = kt::randn({n, n}, gen, dtype_of<T>());
  const kt::Tensor rhs = transposed ? b.transpose(0, 1) : b;
  for (auto _ : state) {
    kt::Tensor c = kt::matmul(a, rhs);
    benchmark::DoNotOptimize(c);
  }
  state.counters["GFLOP/s"] =
      benchmark::Counter(2.0 * double(n * n * n) * double(state.iterations()),
                         benchmark::Counter::kIsRate, benchmark::Counter::kIs1000);
}

void gemm_args(benchmark::internal::Benchmark* b) {
  for (int64_t n : {256, 512, 1024})
    for (int64_t t : {0, 1}) b->Args({n, t});
  b->ArgNames({"n", "transposed"})->Unit(benchmark::kMillisecond);
}

// Warms the CPU up so the first measured benchmark is not penalised (seen here: the first one ran
// at a quarter of its speed on this VM).
void BM_Warmup(benchmark::State& state) {
  Eigen::MatrixXf a = Eigen::MatrixXf::Random(256, 256), c(256, 256);
  for (auto _ : state) {
    c.noalias() = a * a;
    benchmark::DoNotOptimize(c.data());
  }
  no_rate(state);
}
BENCHMARK(BM_Warmup)->MinTime(1.0);
BENCHMARK_TEMPLATE(BM_EigenGemm, float)->Apply(gemm_args);
BENCHMARK_TEMPLATE(BM_KtMatmul, float)->Apply(gemm_args);
BENCHMARK_TEMPLATE(BM_EigenGemm, double)->Apply(gemm_args);
BENCHMARK_TEMPLATE(BM_KtMatmul, double)->Apply(gemm_args);

// ---- multi-head attention forward written with kt
// ------------------------------------------------

struct Attention {
  int64_t d_model, heads, d_head;
  kt::nn::Linear q, k, v, o;
  Attention(int64_t d, int64_t h, kt::Dtype dt, kt::Generator& gen)
      : d_model(d),
        heads(h),
        d_head(d / h),
        q(d, d, true, dt, gen),
        k(d, d, true, dt, gen),
        v(d, d, true, dt, gen),
        o(d, d, true, dt, gen) {}

  kt::Tensor forward(const kt::Tensor& x) const {
    const int64_t B = x.size(0), T = x.size(1);
    auto split = [&](const kt::Tensor& t) { return t.view({B, T, heads, d_head}).transpose(1, 2); };
    // The scale is folded into q (T x d_head elements instead of T x T) and the mask is applied in
    // place: both honest ways a learner writes it, each saving a pass over the score tensor.
    const kt::Tensor qh = split(q(x)) / std::sqrt(double(d_head));
    const kt::Tensor kh = split(k(x)), vh = split(v(x));
    kt::Tensor scores = kt::matmul(qh, kh.transpose(-2, -1));
    const kt::Tensor future = kt::triu(kt::ones({T, T}, kt::Bool), 1);
    scores.masked_fill_(future, kt::finfo(x.dtype()).min);
    const kt::Tensor mixed = kt::matmul(kt::softmax(scores, -1), vh);
    return o(mixed.transpose(1, 2).contiguous().view({B, T, d_model}));
  }
};

template <class Scalar>
void BM_KtAttention(benchmark::State& state) {
  const int64_t B = 4, T = 512, d = 512, H = 8;
  kt::Generator gen(3);
  const Attention attn(d, H, dtype_of<Scalar>(), gen);
  const kt::Tensor x = kt::randn({B, T, d}, gen, dtype_of<Scalar>());
  for (auto _ : state) {
    kt::Tensor y = attn.forward(x);
    benchmark::DoNotOptimize(y);
  }
  const double flops = 8.0 * B * T * d * d + 4.0 * B * T * T * d;
  state.counters["GFLOP/s"] = benchmark::Counter(
      flops * double(state.iterations()), benchmark::Counter::kIsRate, benchmark::Counter::kIs1000);
}
BENCHMARK_TEMPLATE(BM_KtAttention, float)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_KtAttention, double)->Unit(benchmark::kMillisecond);

// ---- per-op overhead on a 2x3 tensor
// --------------------------------------------------------------

void BM_TinyView(benchmark::State& state) {
  const kt::Tensor t = kt::ones({2, 3});
  for (auto _ : state) benchmark::DoNotOptimize(t.view({3, 2}));
  no_rate(state);
}
void BM_TinyTranspose(benchmark::State& state) {
  const kt::Tensor t = kt::ones({2, 3});
  for (auto _ : state) benchmark::DoNotOptimize(t.transpose(0, 1));
  no_rate(state);
}
void BM_TinyAdd(benchmark::State& state) {
  const kt::Tensor t = kt::ones({2, 3});
  for (auto _ : state) benchmark::DoNotOptimize(t + t);
  no_rate(state);
}
void BM_TinyMatmul(benchmark::State& state) {
  const kt::Tensor a = kt::ones({2, 3}), b = kt::ones({3, 2});
  for (auto _ : state) benchmark::DoNotOptimize(kt::matmul(a, b));
  no_rate(state);
}
BENCHMARK(BM_TinyView);
BENCHMARK(BM_TinyTranspose);
BENCHMARK(BM_TinyAdd);
BENCHMARK(BM_TinyMatmul);

}  // namespace

BENCHMARK_MAIN();
