// expect: fail
// Right loss, but masks the ignored targets in place through a copy of the handle (which shares
// target's storage): the caller's target is changed. inputs_unchanged must fail, and only it.
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const kt::Tensor keep = target != double(ignore_index);
  kt::Tensor safe = target;
  safe.masked_fill_(~keep, 0.0);
  const kt::Tensor log_p = logits - kt::logsumexp(logits, 1, true);
  const kt::Tensor nll = -kt::gather(log_p, 1, safe.unsqueeze(1)).squeeze(1);
  const kt::Tensor loss = (1.0 - label_smoothing) * nll - label_smoothing * kt::mean(log_p, 1);
  return kt::sum(kt::where(keep, loss, kt::zeros_like(loss))) / kt::sum(keep).to(logits.dtype());
}

}  // namespace kata
