// expect-pitfalls: materializes_scores
// Known bad: the textbook attention, block_size ignored: the (T x T) scores and weights are built
// in full. Right values, the memory flash attention exists to avoid.
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
  return kt::matmul(kt::softmax(scores, -1), v);
}

}  // namespace kata
