// Every double of two of the flash_attention kata's pitfalls is named exactly (Note [every double
// named exactly] in grader/tests/doubles/doubles.hpp): the learner's kata::flash_attention, written
// with kt's ops as a learner writes it (solutions/flash_attention/worked.cpp), each pitfall a slip
// as the test bed's known-bad files make it (solutions/flash_attention/pitfalls/ID.cpp). Kept apart
// from the grader's simulation of the mistakes (grader/katas/flash_attention/mistakes.hpp) on
// purpose: it is the learner's code.
//
// materializes_scores is a slip, not `outside`: its detector's op trace, kt's allocation accounting
// and the heap watch (call_heap_watch.cpp, linked into this program with the kata's call handlers)
// all answer in this process. Only its last resort, the kernel's count of a learner's process of
// its own (remote::call_alone), measures nothing here; the slip (the (T x T) scores as a kt
// tensor) is seen before it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "flash_attention.hpp"
#include "grader/tests/doubles/check.hpp"

namespace {

/// The slips now on (set by the test).
doubles::Names on;

bool slip(const char* id) { return on.count(id) != 0; }

}  // namespace

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  const int64_t T = q.size(-2);
  const double scale = 1.0 / std::sqrt(double(q.size(-1)));
  const double lowest = -std::numeric_limits<double>::infinity();
  // materializes_scores: every score computed up front, (…, T, T), the blocks sliced from it.
  kt::Tensor all_scores;
  if (slip("materializes_scores")) all_scores = kt::matmul(q * scale, k.transpose(-2, -1));
  // running_max_nan: FlashAttention-1's form (each block exponentiated against its own maximum,
  // then brought to the running one), every key block visited, those in the future masked whole.
  const bool block_max = slip("running_max_nan");
  std::vector<kt::Tensor> out_blocks;
  for (int64_t q0 = 0; q0 < T; q0 += block_size) {
    const int64_t q1 = std::min(T, q0 + block_size);
    const kt::Tensor qb = q.slice(-2, q0, q1) * scale;
    kt::Shape per_query = qb.sizes();
    per_query.back() = 1;
    kt::Tensor m = kt::full(per_query, lowest, q.dtype());
    kt::Tensor l = kt::zeros_like(m);
    kt::Tensor acc;
    const int64_t k_end = is_causal && !block_max ? q1 : T;
    for (int64_t k0 = 0; k0 < k_end; k0 += block_size) {
      const int64_t k1 = std::min(T, k0 + block_size);
      kt::Tensor s = slip("materializes_scores")
                         ? all_scores.slice(-2, q0, q1).slice(-1, k0, k1)
                         : kt::matmul(qb, k.slice(-2, k0, k1).transpose(-2, -1));
      if (is_causal && k1 > q0) {
        if (!slip("causal_block_leak")) {
          const kt::Tensor visible = kt::tril(kt::ones({q1 - q0, k1 - k0}, kt::Bool), q0 - k0);
          s = s.masked_fill(~visible, lowest);
        } else if (k0 >= q1) {
          // causal_block_leak: causality per block only, a block wholly in the future masked
          // whole (reached only with running_max_nan, which visits it), the diagonal one not.
          s = s.masked_fill(kt::ones({q1 - q0, k1 - k0}, kt::Bool), lowest);
        }
      }
      const kt::Tensor pv_v = v.slice(-2, k0, k1);
      kt::Tensor m_new, p, alpha, pv;
      if (block_max) {
        const kt::Tensor m_blk = kt::amax(s, -1, /*keepdim=*/true);
        m_new = kt::maximum(m, m_blk);
        p = kt::exp(s - m_blk);
        alpha = kt::exp(m - m_new);
        const kt::Tensor beta = kt::exp(m_blk - m_new);
        l = l * alpha + beta * kt::sum(p, -1, /*keepdim=*/true);
        pv = beta * kt::matmul(p, pv_v);
      } else {
        m_new = kt::maximum(m, kt::amax(s, -1, /*keepdim=*/true));
        p = kt::exp(s - m_new);
        alpha = kt::exp(m - m_new);
        l = l * alpha + kt::sum(p, -1, /*keepdim=*/true);
        pv = kt::matmul(p, pv_v);
      }
      if (!acc.defined()) {
        acc = pv;
      } else {
        acc = slip("no_rescale") ? acc + pv : acc * alpha + pv;  // no_rescale: alpha forgotten
      }
      m = m_new;
    }
    out_blocks.push_back(slip("final_normalization_missing") ? acc : acc / l);
  }
  return kt::cat(out_blocks, -2);
}

}  // namespace kata

TEST_CASE(
    "flash_attention: no pitfall, every pitfall alone and every two together are named exactly",
    "[doubles]") {
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, {}};
  doubles::check_named_exactly(kata);
}
