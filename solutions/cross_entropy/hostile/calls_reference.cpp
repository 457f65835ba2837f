// expect: error
// Cheats: calls the grader's reference implementation. The build must refuse it by name.
#include "../../../reference/cross_entropy/cross_entropy.hpp"  // found by a relative path
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  return ref::cross_entropy(logits, target, ignore_index, label_smoothing).to(logits.dtype());
}

}  // namespace kata
