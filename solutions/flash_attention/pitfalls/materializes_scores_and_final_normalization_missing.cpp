// expect-pitfalls: materializes_scores, final_normalization_missing
// Known bad, two mistakes: the whole (T x T) score matrix, and its exponentials (against each
// row's maximum) multiplied by v without dividing by their sum.
#include <cmath>

#include "flash_attention.hpp"

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  (void)block_size;
  const int64_t T = q.size(-2);
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(q.size(-1)));
  if (is_causal) {
    scores = scores.masked_fill(~kt::tril(kt::ones({T, T}, kt::Bool)), kt::finfo(q.dtype()).min);
  }
  const kt::Tensor p = kt::exp(scores - kt::amax(scores, -1, true));
  return kt::matmul(p, v);  // forgot / sum(p)
}

}  // namespace kata
