// expect: fail
// Wrong, no named pitfall (written as an unseen suite would, round 50): counts the kept rows with
// sum(w, 0, keepdim=true), so the 0-d total ÷ a shape-(1) count broadcasts to a shape-(1) result
// instead of a 0-d one
// Cross-entropy from logits.
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  // log p = x - logsumexp(x), row by row: stable for logits of any size.
  const kt::Tensor logp = logits - kt::logsumexp(logits, 1, /*keepdim=*/true);  // (N, C)

  // Rows to keep; ignored rows read class 0 so gather stays in range, and are dropped below.
  const kt::Tensor valid = target != static_cast<double>(ignore_index);  // (N) Bool
  const kt::Tensor idx = target.masked_fill(~valid, 0.0);

  const kt::Tensor nll = -kt::gather(logp, 1, idx.unsqueeze(1)).squeeze(1);  // (N)
  const kt::Tensor smooth = -kt::mean(logp, 1);                              // (N)
  const kt::Tensor per_row = (1.0 - label_smoothing) * nll + label_smoothing * smooth;

  const kt::Tensor w = valid.to(logits.dtype());
  const kt::Tensor total = kt::sum(per_row * w);
  const kt::Tensor count = kt::sum(w, 0, /*keepdim=*/true);
  return total / count;
}

}  // namespace kata
