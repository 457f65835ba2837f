// expect: pass
// logsumexp written out (max, exp, sum, log), a mask of the kept rows, the smoothing as a mixture
// of two means.
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const kt::Tensor m = kt::amax(logits, 1, true);
  const kt::Tensor lse = m + kt::log(kt::sum(kt::exp(logits - m), 1, true));
  const kt::Tensor log_p = logits - lse;
  const kt::Tensor ignored = target == double(ignore_index);
  const kt::Tensor idx = target.masked_fill(ignored, 0.0).unsqueeze(1);
  const kt::Tensor picked = kt::gather(log_p, 1, idx).squeeze(1);
  const kt::Tensor per_row =
      -(1.0 - label_smoothing) * picked - label_smoothing * kt::mean(log_p, 1);
  const kt::Tensor zeroed = per_row.masked_fill(ignored, 0.0);
  const kt::Tensor count = kt::sum(~ignored).to(logits.dtype());
  return kt::sum(zeroed) / count;
}

}  // namespace kata
