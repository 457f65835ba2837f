// expect: fail
// Returns a default-constructed (undefined) kt::Tensor: reported as such, never a crash.
#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor&, const kt::Tensor&, const kt::Tensor&,
                                        const std::optional<kt::Tensor>&, bool) {
  return kt::Tensor();
}

}  // namespace kata
