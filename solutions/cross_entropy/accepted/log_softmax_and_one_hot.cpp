// expect: pass
// kt::log_softmax, the target picked by a one-hot product, ignored rows masked by a float weight.
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const int64_t classes = logits.size(1);
  const kt::Tensor log_p = kt::log_softmax(logits, 1);
  const kt::Tensor keep = (target != double(ignore_index)).to(logits.dtype());
  const kt::Tensor safe = kt::where(target != double(ignore_index), target, kt::zeros_like(target));
  const kt::Tensor one_hot = kt::one_hot(safe.to(kt::Int64), classes).to(logits.dtype());
  const kt::Tensor q = one_hot * (1.0 - label_smoothing) + label_smoothing / double(classes);
  const kt::Tensor per_row = -kt::sum(q * log_p, 1);
  return kt::sum(per_row * keep) / kt::sum(keep);
}

}  // namespace kata
