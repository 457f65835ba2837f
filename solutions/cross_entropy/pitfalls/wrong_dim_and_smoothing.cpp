// expect-pitfalls: softmax_wrong_dim, smoothing_mass_wrong
// Two slips: the log-softmax over dim 0, and eps / (C - 1) on the other classes.
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const kt::Tensor log_p = kt::log_softmax(logits, 0);
  const int64_t classes = logits.size(1);
  const kt::Tensor keep = target != double(ignore_index);
  const kt::Tensor safe = kt::where(keep, target, kt::zeros_like(target)).to(kt::Int64);
  const kt::Tensor nll = -kt::gather(log_p, 1, safe.unsqueeze(1)).squeeze(1);
  const kt::Tensor others = -kt::sum(log_p, 1) - nll;
  const double share = classes > 1 ? label_smoothing / double(classes - 1) : 0.0;
  const kt::Tensor loss = (1.0 - label_smoothing) * nll + share * others;
  return kt::sum(kt::where(keep, loss, kt::zeros_like(loss))) / kt::sum(keep).to(logits.dtype());
}

}  // namespace kata
