// expect-pitfalls: log_of_softmax
// The log of a softmax written out, multiplied by a one-hot target: 0 * -inf is NaN.
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const int64_t classes = logits.size(1);
  const kt::Tensor e = kt::exp(logits - kt::amax(logits, 1, true));
  const kt::Tensor log_p = kt::log(e / kt::sum(e, 1, true));
  const kt::Tensor keep = (target != double(ignore_index)).to(logits.dtype());
  const kt::Tensor safe = kt::where(target != double(ignore_index), target, kt::zeros_like(target));
  const kt::Tensor q =
      kt::one_hot(safe.to(kt::Int64), classes).to(logits.dtype()) * (1.0 - label_smoothing) +
      label_smoothing / double(classes);
  return kt::sum(-kt::sum(q * log_p, 1) * keep) / kt::sum(keep);
}

}  // namespace kata
