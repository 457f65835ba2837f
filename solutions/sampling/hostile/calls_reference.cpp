// expect: error
// Cheats: calls the grader's reference implementation. The build must refuse it by name.
#include "../../../reference/sampling/sampling.hpp"  // found by a relative path
#include "sampling.hpp"

namespace kata {

int64_t sample_token(const kt::Tensor& logits, double temperature, int64_t top_k, double top_p,
                     kt::Generator& gen) {
  return ref::sample_token(logits, temperature, top_k, top_p, gen);
}

}  // namespace kata
