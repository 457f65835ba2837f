// expect: fail
// The log-sum-exp shifted by each class's maximum over the rows (amax over dim 0), not by each
// row's own: the shift is no constant along the summed axis, so it does not cancel.
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const kt::Tensor m = kt::amax(logits, 0, /*keepdim=*/true);
  const kt::Tensor log_p =
      logits - (m + kt::log(kt::sum(kt::exp(logits - m), 1, /*keepdim=*/true)));
  const kt::Tensor keep = target != double(ignore_index);
  // Ignored rows read class 0 (any valid class), then drop out of the sum below.
  const kt::Tensor safe = kt::where(keep, target, kt::zeros_like(target)).to(kt::Int64);
  const kt::Tensor nll = -kt::gather(log_p, 1, safe.unsqueeze(1)).squeeze(1);
  const kt::Tensor smooth = -kt::mean(log_p, 1);
  const kt::Tensor loss = (1.0 - label_smoothing) * nll + label_smoothing * smooth;
  const kt::Tensor kept = kt::where(keep, loss, kt::zeros_like(loss));
  return kt::sum(kept) / kt::sum(keep).to(logits.dtype());
}

}  // namespace kata
