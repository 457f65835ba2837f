// expect: error
// Hangs: never returns. Each check must time out and say so.
#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor&, const kt::Tensor&,
                                        const std::optional<kt::Tensor>&, bool) {
  volatile bool forever = true;
  while (forever) {
  }
  return q;
}

}  // namespace kata
