// expect: fail
// expect-diagnosis: smoothing_kept_on_ignored_rows
// Wrong: masks the target's term of an ignored row but keeps its smoothing term, so rows whose
// target is ignore_index still add label_smoothing * mean(-log p) to the loss.
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const kt::Tensor log_p = logits - kt::logsumexp(logits, 1, /*keepdim=*/true);
  const kt::Tensor keep = target != double(ignore_index);
  const kt::Tensor safe = kt::where(keep, target, kt::zeros_like(target)).to(kt::Int64);
  const kt::Tensor nll = -kt::gather(log_p, 1, safe.unsqueeze(1)).squeeze(1);
  const kt::Tensor kept_nll = kt::where(keep, nll, kt::zeros_like(nll));
  const kt::Tensor smooth = -kt::mean(log_p, 1);
  const kt::Tensor loss = (1.0 - label_smoothing) * kept_nll + label_smoothing * smooth;
  return kt::sum(loss) / kt::sum(keep).to(logits.dtype());
}

}  // namespace kata
