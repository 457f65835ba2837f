// expect-pitfalls: materializes_scores
// Cheats on the op trace: computes plain attention with the (T x T) scores, then reaches into kt's
// trace (declared here by hand) and erases every event whose result has T x T elements, so the
// trace the learner's process reports shows no large tensor. The trace is that process's own
// report; kt's allocation accounting still counts the scores, and the kernel's count of the
// process's peak memory does too: the pitfall is named.
#include <cmath>
#include <vector>

#include "flash_attention.hpp"
#include "kt/instrument.hpp"

namespace kt::detail {
extern constinit thread_local std::vector<kt::TraceEvent>* trace_sink;
}  // namespace kt::detail

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t) {
  const int64_t T = q.size(-2);
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(q.size(-1)));
  if (is_causal) scores = scores.masked_fill(~kt::tril(kt::ones({T, T}, kt::Bool)), -INFINITY);
  const kt::Tensor out = kt::matmul(kt::softmax(scores, -1), v);
  if (std::vector<kt::TraceEvent>* events = kt::detail::trace_sink) {
    std::vector<kt::TraceEvent> kept;
    for (kt::TraceEvent& e : *events) {
      int64_t n = 1;
      for (const int64_t s : e.output.sizes) n *= s;
      if (n < T * T) kept.push_back(std::move(e));
    }
    *events = std::move(kept);
  }
  return out;
}

}  // namespace kata
