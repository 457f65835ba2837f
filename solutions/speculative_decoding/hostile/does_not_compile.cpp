// expect: error
// Does not compile: a missing semicolon. The report must show the compiler's first error,
// file:line first.
#include "speculative_decoding.hpp"

namespace kata {

std::vector<int64_t> speculative_step(const kt::Tensor& draft_probs,
                                      const std::vector<int64_t>& draft_tokens,
                                      const kt::Tensor& target_probs, kt::Generator& gen) {
  const double u = gen.uniform() return {int64_t(u * double(draft_probs.size(1)))};
  (void)draft_tokens;
  (void)target_probs;
}

}  // namespace kata
