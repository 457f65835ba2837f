// expect-pitfalls: ignored_rows_in_mean
// Ignored rows zeroed, but the sum divided by all N rows.
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const kt::Tensor log_p = logits - kt::logsumexp(logits, 1, true);
  const kt::Tensor keep = target != double(ignore_index);
  const kt::Tensor safe = kt::where(keep, target, kt::zeros_like(target)).to(kt::Int64);
  const kt::Tensor nll = -kt::gather(log_p, 1, safe.unsqueeze(1)).squeeze(1);
  const kt::Tensor loss = (1.0 - label_smoothing) * nll - label_smoothing * kt::mean(log_p, 1);
  return kt::mean(kt::where(keep, loss, kt::zeros_like(loss)));
}

}  // namespace kata
