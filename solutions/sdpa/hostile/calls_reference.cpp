// expect: error
// Cheats: calls the grader's reference implementation. The build must refuse it by name.
#include "../../../reference/sdpa/sdpa.hpp"  // found by a relative path, as a cheater would
#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  return ref::sdpa(q, k, v, attn_mask ? *attn_mask : kt::Tensor(), is_causal);
}

}  // namespace kata
