// expect-pitfalls: smoothing_mass_wrong
// A smoothed target q = (1 - eps) on the target, eps / C on the other classes only.
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const kt::Tensor log_p = logits - kt::logsumexp(logits, 1, true);
  const int64_t classes = logits.size(1);
  const kt::Tensor keep = (target != double(ignore_index)).to(logits.dtype());
  const kt::Tensor safe = kt::where(target != double(ignore_index), target, kt::zeros_like(target));
  const kt::Tensor hot = kt::one_hot(safe.to(kt::Int64), classes).to(logits.dtype());
  const kt::Tensor q =
      hot * (1.0 - label_smoothing) + (1.0 - hot) * (label_smoothing / double(classes));
  return kt::sum(-kt::sum(q * log_p, 1) * keep) / kt::sum(keep);
}

}  // namespace kata
