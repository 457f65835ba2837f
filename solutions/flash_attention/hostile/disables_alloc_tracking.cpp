// expect: error
// Cheats: builds the (T x T) scores with the runtime's allocation accounting switched off, so the
// memory checks would see nothing. The build must refuse the call to kt's instruments by name.
#include <cmath>

#include "flash_attention.hpp"
#include "kt/instrument.hpp"

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  (void)block_size;
  kt::set_alloc_tracking(false);
  const int64_t T = q.size(-2);
  kt::Tensor s = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(q.size(-1)));
  if (is_causal) s = s.masked_fill(~kt::tril(kt::ones({T, T}, kt::Bool)), kt::finfo(q.dtype()).min);
  return kt::matmul(kt::softmax(s, -1), v);
}

}  // namespace kata
