// What a learner's file defines for the katas whose catalogue code (which can call the learner)
// the unit tests link without a learner: never called by a test, they say so if they are.
#include "katas/sdpa/sdpa.hpp"
#include "katas/softmax/softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& /*x*/, int64_t /*dim*/) {
  throw kt::NotImplemented("unit tests have no learner's softmax");
}

kt::Tensor scaled_dot_product_attention(const kt::Tensor& /*q*/, const kt::Tensor& /*k*/,
                                        const kt::Tensor& /*v*/,
                                        const std::optional<kt::Tensor>& /*attn_mask*/,
                                        bool /*is_causal*/) {
  throw kt::NotImplemented("unit tests have no learner's scaled_dot_product_attention");
}

}  // namespace kata
