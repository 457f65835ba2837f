// expect-pitfalls: ignored_rows_in_mean
// expect-message: it leaves out the rows whose target is negative
// Known bad: ignore_index never read; the rows left out are those with a negative target, right
// for -100 and any negative ignore_index, not for a class.
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const kt::Tensor log_p = logits - kt::logsumexp(logits, 1, /*keepdim=*/true);
  const kt::Tensor keep = target >= 0.0;  // ignore_index is negative
  // Ignored rows read class 0 (any valid class), then drop out of the sum below.
  const kt::Tensor safe = kt::where(keep, target, kt::zeros_like(target)).to(kt::Int64);
  const kt::Tensor nll = -kt::gather(log_p, 1, safe.unsqueeze(1)).squeeze(1);
  const kt::Tensor smooth = -kt::mean(log_p, 1);
  const kt::Tensor loss = (1.0 - label_smoothing) * nll + label_smoothing * smooth;
  const kt::Tensor kept = kt::where(keep, loss, kt::zeros_like(loss));
  return kt::sum(kept) / kt::sum(keep).to(logits.dtype());
}

}  // namespace kata
