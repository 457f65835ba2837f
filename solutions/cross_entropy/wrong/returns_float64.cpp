// expect: fail
// Wrong: the right loss, but always Float64.
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const kt::Tensor x = logits.to(kt::Float64);
  const kt::Tensor log_p = x - kt::logsumexp(x, 1, true);
  const kt::Tensor keep = target != double(ignore_index);
  const kt::Tensor safe = kt::where(keep, target, kt::zeros_like(target)).to(kt::Int64);
  const kt::Tensor nll = -kt::gather(log_p, 1, safe.unsqueeze(1)).squeeze(1);
  const kt::Tensor loss = (1.0 - label_smoothing) * nll - label_smoothing * kt::mean(log_p, 1);
  return kt::sum(kt::where(keep, loss, kt::zeros_like(loss))) / kt::sum(keep).to(kt::Float64);
}

}  // namespace kata
