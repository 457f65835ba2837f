// expect: fail
// Hostile: appends tokens outside [0, V) (negative and huge) and takes no draw: the report must say
// they are wrong, not crash reading them or counting them.
#include <limits>

#include "speculative_decoding.hpp"

namespace kata {

std::vector<int64_t> speculative_step(const kt::Tensor& draft_probs, const std::vector<int64_t>&,
                                      const kt::Tensor&, kt::Generator&) {
  if (draft_probs.dim() != 2 || draft_probs.size(0) == 0) throw kt::ValueError("bad shapes");
  return {-1, std::numeric_limits<int64_t>::max(), draft_probs.size(1)};
}

}  // namespace kata
