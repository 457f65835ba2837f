// expect: fail
// expect-diagnosis: softmax_per_block_averaged
// Wrong: a softmax inside each key block, and the blocks' outputs averaged. Each block's weights
// sum to 1, but a block with small scores gets as much say as one with large scores: this is not
// one softmax over all keys (and not a rescaling mistake: nothing named).
#include <algorithm>
#include <cmath>
#include <vector>

#include "flash_attention.hpp"

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  const int64_t T = q.size(-2);
  const double scale = 1.0 / std::sqrt(double(q.size(-1)));
  std::vector<kt::Tensor> out_blocks;
  for (int64_t q0 = 0; q0 < T; q0 += block_size) {
    const int64_t q1 = std::min(T, q0 + block_size);
    const kt::Tensor qb = q.slice(-2, q0, q1) * scale;
    kt::Tensor sum;
    int64_t blocks = 0;
    for (int64_t k0 = 0; k0 < (is_causal ? q1 : T); k0 += block_size) {
      const int64_t k1 = std::min(T, k0 + block_size);
      kt::Tensor s = kt::matmul(qb, k.slice(-2, k0, k1).transpose(-2, -1));
      if (is_causal && k1 > q0) {
        s = s.masked_fill(~kt::tril(kt::ones({q1 - q0, k1 - k0}, kt::Bool), q0 - k0),
                          kt::finfo(q.dtype()).min);
      }
      const kt::Tensor o = kt::matmul(kt::softmax(s, -1), v.slice(-2, k0, k1));
      sum = sum.defined() ? sum + o : o;
      ++blocks;
    }
    out_blocks.push_back(sum / double(blocks));
  }
  return kt::cat(out_blocks, -2);
}

}  // namespace kata
