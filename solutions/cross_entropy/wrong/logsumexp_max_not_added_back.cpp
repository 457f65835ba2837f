// expect: fail
// Wrong: a hand-written log-sum-exp that takes each row's maximum out before exp but never adds it
// back, so every log-probability is off by its row's maximum logit.
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const kt::Tensor m = kt::amax(logits, 1, /*keepdim=*/true);
  const kt::Tensor lse = kt::log(kt::sum(kt::exp(logits - m), 1, /*keepdim=*/true));
  const kt::Tensor log_p = logits - lse;
  const kt::Tensor keep = target != double(ignore_index);
  const kt::Tensor safe = kt::where(keep, target, kt::zeros_like(target)).to(kt::Int64);
  const kt::Tensor nll = -kt::gather(log_p, 1, safe.unsqueeze(1)).squeeze(1);
  const kt::Tensor smooth = -kt::mean(log_p, 1);
  const kt::Tensor loss = (1.0 - label_smoothing) * nll + label_smoothing * smooth;
  const kt::Tensor kept = kt::where(keep, loss, kt::zeros_like(loss));
  return kt::sum(kept) / kt::sum(keep).to(logits.dtype());
}

}  // namespace kata
