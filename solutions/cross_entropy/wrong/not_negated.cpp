// expect: fail
// expect-diagnosis: not_negated
// Wrong: the mean log-probability of the targets, without the minus sign (and no smoothing term).
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  (void)label_smoothing;
  const kt::Tensor log_p = logits - kt::logsumexp(logits, 1, true);
  const kt::Tensor keep = target != double(ignore_index);
  const kt::Tensor safe = kt::where(keep, target, kt::zeros_like(target)).to(kt::Int64);
  const kt::Tensor picked = kt::gather(log_p, 1, safe.unsqueeze(1)).squeeze(1);
  return kt::sum(kt::where(keep, picked, kt::zeros_like(picked))) /
         kt::sum(keep).to(logits.dtype());
}

}  // namespace kata
