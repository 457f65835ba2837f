// expect: error
// Cheats: calls the grader's reference implementation. The build must refuse it by name.
#include "../../../reference/speculative_decoding/speculative_decoding.hpp"  // a relative path
#include "speculative_decoding.hpp"

namespace kata {

std::vector<int64_t> speculative_step(const kt::Tensor& draft_probs,
                                      const std::vector<int64_t>& draft_tokens,
                                      const kt::Tensor& target_probs, kt::Generator& gen) {
  return ref::speculative_step(draft_probs, draft_tokens, target_probs, gen);
}

}  // namespace kata
