// expect: error
// Does not compile: a typo. The report must show the compiler's first error, file:line first.
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const kt::Tensor log_p = logits - kt::logsumexp(logits, 1, true) return -kt::mean(log_p);
}

}  // namespace kata
