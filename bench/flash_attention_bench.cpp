// Flash attention beside the naive path: time and peak memory, Float32, d = 64, no mask, for
// T = 1024, 4096 and 16384 (docs/performance.md, "Flash attention"). The flash path is the kata's
// worked solution (solutions/flash_attention/worked.cpp, linked in), block_size 128; the naive one
// builds the (T x T) scores: matmul, softmax, matmul. Peak memory is the runtime's allocation
// accounting (kt/instrument.hpp): the tensors alive at once during the call, inputs not counted,
// the result counted, which is what the kata's memory check measures.
//
//   build/default/bench/flash_attention_bench [--max-t 16384] [--reps 3]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "flash_attention.hpp"
#include "kt/instrument.hpp"
#include "kt/tensor.hpp"

namespace {

kt::Tensor naive(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v) {
  const kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(q.size(-1)));
  return kt::matmul(kt::softmax(scores, -1), v);
}

struct Measure {
  double median_s = 0;
  int64_t peak_bytes = 0;
};

Measure measure(const std::function<kt::Tensor()>& fn, int reps) {
  std::vector<double> times;
  Measure m;
  for (int r = 0; r < reps; ++r) {
    const int64_t before = kt::alloc_stats().live_bytes;
    kt::reset_alloc_stats();
    kt::set_alloc_tracking(true);
    const auto t0 = std::chrono::steady_clock::now();
    const kt::Tensor out = fn();
    const auto t1 = std::chrono::steady_clock::now();
    kt::set_alloc_tracking(false);
    m.peak_bytes = std::max(m.peak_bytes, kt::alloc_stats().peak_bytes - before);
    times.push_back(std::chrono::duration<double>(t1 - t0).count());
  }
  std::sort(times.begin(), times.end());
  m.median_s = times[times.size() / 2];
  return m;
}

}  // namespace

int main(int argc, char** argv) {
  int64_t max_t = 16384;
  int reps = 3;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--max-t") == 0) max_t = std::atoll(argv[i + 1]);
    if (std::strcmp(argv[i], "--reps") == 0) reps = std::atoi(argv[i + 1]);
  }
  constexpr int64_t d = 64, block = 128;
  std::printf(
      "| T | naive time | flash time | flash / naive time | naive peak | flash peak | "
      "flash / naive peak |\n|---|---|---|---|---|---|---|\n");
  for (int64_t T = 1024; T <= max_t; T *= 4) {
    kt::Generator gen(static_cast<uint64_t>(T));
    const kt::Tensor q = kt::randn({T, d}, gen).to(kt::Float32);
    const kt::Tensor k = kt::randn({T, d}, gen).to(kt::Float32);
    const kt::Tensor v = kt::randn({T, d}, gen).to(kt::Float32);
    const int r = T >= 16384 ? 1 : reps;
    const Measure n = measure([&] { return naive(q, k, v); }, r);
    const Measure f = measure([&] { return kata::flash_attention(q, k, v, false, block); }, r);
    const double mib = 1024.0 * 1024.0;
    std::printf("| %lld | %.3f s | %.3f s | %.2f | %.1f MiB | %.2f MiB | %.2f%% |\n",
                static_cast<long long>(T), n.median_s, f.median_s, f.median_s / n.median_s,
                double(n.peak_bytes) / mib, double(f.peak_bytes) / mib,
                100.0 * double(f.peak_bytes) / double(n.peak_bytes));
    std::fflush(stdout);
  }
  return 0;
}
