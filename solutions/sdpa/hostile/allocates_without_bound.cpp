// expect: error
// Allocates without bound: the memory limit stops it; running out of memory is reported as an
// error on every check (not a wrong answer), in normal and sanitizer builds alike.
#include <vector>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor&, const kt::Tensor&,
                                        const std::optional<kt::Tensor>&, bool) {
  std::vector<kt::Tensor> hoard;
  while (true) hoard.push_back(kt::zeros({1 << 20}));
  return q;
}

}  // namespace kata
