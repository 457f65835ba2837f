// expect: fail
// Wrong only when every row is ignored: returns 0 there (a guard against 0 / 0), where PyTorch
// gives NaN.
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const kt::Tensor log_p = logits - kt::logsumexp(logits, 1, true);
  const kt::Tensor keep = target != double(ignore_index);
  const kt::Tensor safe = kt::where(keep, target, kt::zeros_like(target)).to(kt::Int64);
  const kt::Tensor nll = -kt::gather(log_p, 1, safe.unsqueeze(1)).squeeze(1);
  const kt::Tensor loss = (1.0 - label_smoothing) * nll - label_smoothing * kt::mean(log_p, 1);
  const kt::Tensor count = kt::sum(keep).to(logits.dtype());
  if (count.item() == 0) return kt::zeros({}, logits.dtype());
  return kt::sum(kt::where(keep, loss, kt::zeros_like(loss))) / count;
}

}  // namespace kata
