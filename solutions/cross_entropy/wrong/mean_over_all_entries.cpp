// expect: fail
// expect-diagnosis: mean_over_classes_too
// Wrong: the one-hot-weighted log-probabilities averaged over all N * C entries of the kept rows.
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const int64_t classes = logits.size(1);
  const kt::Tensor log_p = kt::log_softmax(logits, 1);
  const kt::Tensor keep = (target != double(ignore_index)).to(logits.dtype());
  const kt::Tensor safe = kt::where(target != double(ignore_index), target, kt::zeros_like(target));
  const kt::Tensor q =
      kt::one_hot(safe.to(kt::Int64), classes).to(logits.dtype()) * (1.0 - label_smoothing) +
      label_smoothing / double(classes);
  const kt::Tensor per_entry = -(q * log_p) * keep.unsqueeze(1);
  return kt::sum(per_entry) / (kt::sum(keep) * double(classes));
}

}  // namespace kata
