// expect: fail
// Gathers with the targets as given, ignored rows included, and masks those rows afterwards: a
// target of ignore_index = -100 is read as a class.
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const kt::Tensor log_p = logits - kt::logsumexp(logits, 1, /*keepdim=*/true);
  const kt::Tensor keep = target != double(ignore_index);
  // Ignored rows read class 0 (any valid class), then drop out of the sum below.
  const kt::Tensor nll = -kt::gather(log_p, 1, target.unsqueeze(1)).squeeze(1);
  const kt::Tensor smooth = -kt::mean(log_p, 1);
  const kt::Tensor loss = (1.0 - label_smoothing) * nll + label_smoothing * smooth;
  const kt::Tensor kept = kt::where(keep, loss, kt::zeros_like(loss));
  return kt::sum(kept) / kt::sum(keep).to(logits.dtype());
}

}  // namespace kata
