// Your kata: speculative decoding's verification step. Read README.md, then replace the TODO.
// Grade with:  ./grade speculative_decoding        Stuck?  ./grade hint speculative_decoding
#include "speculative_decoding.hpp"

namespace kata {

std::vector<int64_t> speculative_step(const kt::Tensor& draft_probs,
                                      const std::vector<int64_t>& draft_tokens,
                                      const kt::Tensor& target_probs, kt::Generator& gen) {
  // TODO: accept each draft token with probability min(1, p/q); at the first rejection draw from
  // the normalised max(0, p - q) and stop; if all are accepted, draw the bonus token from p_K.
  (void)draft_probs;
  (void)draft_tokens;
  (void)target_probs;
  (void)gen;
  throw kt::NotImplemented(
      "kata::speculative_step(draft_probs, draft_tokens, target_probs, gen) is not implemented "
      "yet: write it in katas/speculative_decoding/speculative_decoding.cpp");
}

}  // namespace kata
