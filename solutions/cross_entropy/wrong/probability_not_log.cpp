// expect: fail
// expect-diagnosis: probability_not_log
// Wrong: -p[target], the probability itself (no smoothing term).
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  (void)label_smoothing;
  const kt::Tensor p = kt::softmax(logits, 1);
  const kt::Tensor keep = target != double(ignore_index);
  const kt::Tensor safe = kt::where(keep, target, kt::zeros_like(target)).to(kt::Int64);
  const kt::Tensor picked = -kt::gather(p, 1, safe.unsqueeze(1)).squeeze(1);
  return kt::sum(kt::where(keep, picked, kt::zeros_like(picked))) /
         kt::sum(keep).to(logits.dtype());
}

}  // namespace kata
