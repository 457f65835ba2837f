// expect: error
// Defines cross_entropy without label_smoothing and outside namespace kata: it compiles, but the
// grader's call finds no definition, so linking fails and says so.
#include "cross_entropy.hpp"

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target) {
  const kt::Tensor log_p = logits - kt::logsumexp(logits, 1, true);
  return -kt::mean(kt::gather(log_p, 1, target.unsqueeze(1)));
}
