// expect: fail
// Wrong on wide rows: the log of a softmax clamped at 1e-12 stays finite but is not log p (no
// pitfall: log_of_softmax's own mistake gives inf there).
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const kt::Tensor p = kt::softmax(logits, 1);
  const kt::Tensor log_p = kt::log(kt::maximum(p, kt::full_like(p, 1e-12)));
  const kt::Tensor keep = target != double(ignore_index);
  const kt::Tensor safe = kt::where(keep, target, kt::zeros_like(target)).to(kt::Int64);
  const kt::Tensor nll = -kt::gather(log_p, 1, safe.unsqueeze(1)).squeeze(1);
  const kt::Tensor loss = (1.0 - label_smoothing) * nll - label_smoothing * kt::mean(log_p, 1);
  const kt::Tensor kept = kt::where(keep, loss, kt::zeros_like(loss));
  return kt::sum(kept) / kt::sum(keep).to(logits.dtype());
}

}  // namespace kata
