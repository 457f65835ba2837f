// expect: pass
// The smoothed target as a distribution: q = (1 - label_smoothing) * one_hot(target) +
// label_smoothing / C, and each row's loss the cross-entropy -sum(q * log p); the same as
// mixing the nll with the mean of -log p.
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const int64_t classes = logits.size(1);
  const kt::Tensor log_p = logits - kt::logsumexp(logits, 1, /*keepdim=*/true);
  const kt::Tensor keep = target != double(ignore_index);
  const kt::Tensor safe = kt::where(keep, target, kt::zeros_like(target)).to(kt::Int64);
  const kt::Tensor q = kt::one_hot(safe, classes).to(logits.dtype()) * (1.0 - label_smoothing) +
                       label_smoothing / double(classes);
  const kt::Tensor per_row = -kt::sum(q * log_p, 1);
  const kt::Tensor kept = kt::where(keep, per_row, kt::zeros_like(per_row));
  return kt::sum(kept) / kt::sum(keep).to(logits.dtype());
}

}  // namespace kata
