// What the flash_attention kata's known mistakes compute: the blocked online softmax written with
// plain loops, each mistake a switch, so the detectors can name a mistake by the output it gives
// (Note [flash_attention detectors] in detect.hpp). The trusted reference never learns a mistake.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kt/tensor.hpp"

namespace grader::kata_flash_attention {

/// What happens to the running statistics when a new block raises a query's running maximum from
/// m to m_new (alpha = exp(m - m_new)).
enum class Rescale {
  Right,           // acc and l both times alpha: the online softmax
  AccumulatorNot,  // l times alpha, acc not: the output is summed under stale maxima
  SumNot,          // acc times alpha, l not: the normaliser is
  Neither,         // neither: p = exp(s - m_new) added to sums kept under older maxima
  BlockLocal,      // each block exponentiated against its own maximum, nothing ever rescaled
};

struct Mistakes {
  Rescale rescale = Rescale::Right;
  bool normalization_missing = false;  // acc returned without dividing by l
  bool block_leak = false;  // causal at block granularity: a query sees every key of its block
  [[nodiscard]] bool any() const {
    return rescale != Rescale::Right || normalization_missing || block_leak;
  }
};

/// The blocked computation with the given mistakes: keys in blocks of `block` (the last shorter),
/// in order, a block with no key the query may see skipped. q, k (…, T, d), v (…, T, d_v), the
/// same leading axes; Float64 (…, T, d_v). With no mistake it is attention.
kt::Tensor simulate(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v, bool causal,
                    int64_t block, const Mistakes& mistakes);

/// Every combination of the switches (5 x 2 x 2), the correct computation first.
std::vector<Mistakes> all_combinations();

}  // namespace grader::kata_flash_attention
