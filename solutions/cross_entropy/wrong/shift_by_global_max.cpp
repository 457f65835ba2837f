// expect: fail
// Wrong, no named pitfall (written blind, round 52): the log-sum-exp shifted by the whole tensor's
// maximum, not each row's: a row far below it underflows to log(0).
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const kt::Tensor keep = target != static_cast<double>(ignore_index);
  const kt::Tensor safe_target = target.masked_fill(~keep, 0.0);

  // log softmax, shifted by the max so exp never overflows.
  const kt::Tensor z = logits - kt::amax(logits);
  const kt::Tensor logp = z - kt::log(kt::sum(kt::exp(z), 1, /*keepdim=*/true));

  const kt::Tensor nll = -kt::gather(logp, 1, safe_target.unsqueeze(1)).squeeze(1);
  const kt::Tensor smooth = -kt::mean(logp, 1);
  const kt::Tensor loss = nll * (1.0 - label_smoothing) + smooth * label_smoothing;

  const kt::Tensor kept = keep.to(logits.dtype());
  return kt::sum(loss * kept) / kt::sum(kept);
}

}  // namespace kata
