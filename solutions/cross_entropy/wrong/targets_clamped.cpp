// expect: fail
// Every target clamped into [0, C) for the gather (meant for the ignored rows): a target out of
// range that is not ignore_index is read as the nearest class instead of throwing kt::IndexError.
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const kt::Tensor log_p = logits - kt::logsumexp(logits, 1, /*keepdim=*/true);
  const kt::Tensor keep = target != double(ignore_index);
  // Ignored rows read class 0 (any valid class), then drop out of the sum below.
  const kt::Tensor zero = kt::zeros_like(target);
  const kt::Tensor last = (zero + double(logits.size(1) - 1)).to(kt::Int64);
  const kt::Tensor safe = kt::minimum(kt::maximum(target, zero), last).to(kt::Int64);
  const kt::Tensor nll = -kt::gather(log_p, 1, safe.unsqueeze(1)).squeeze(1);
  const kt::Tensor smooth = -kt::mean(log_p, 1);
  const kt::Tensor loss = (1.0 - label_smoothing) * nll + label_smoothing * smooth;
  const kt::Tensor kept = kt::where(keep, loss, kt::zeros_like(loss));
  return kt::sum(kept) / kt::sum(keep).to(logits.dtype());
}

}  // namespace kata
