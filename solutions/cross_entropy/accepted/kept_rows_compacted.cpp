// expect: pass
// Accepted: the kept rows are gathered into a compact (K, C) block up front (bad targets checked in
// the same loop), so the loss is an unmasked mean over them, with NaN returned directly when K = 0.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const int64_t N = logits.size(0);
  const int64_t C = logits.size(1);
  const kt::Dtype dt = logits.dtype();

  std::vector<int64_t> rows;     // indices of the rows that count
  std::vector<int64_t> classes;  // their targets
  for (int64_t i = 0; i < N; ++i) {
    const auto t = static_cast<int64_t>(target.at({i}));
    if (t == ignore_index) continue;
    if (t < 0 || t >= C) {
      throw kt::IndexError("cross_entropy: target " + std::to_string(t) + " of row " +
                           std::to_string(i) + " is not a class in [0, " + std::to_string(C) +
                           ") nor ignore_index (" + std::to_string(ignore_index) + ")");
    }
    rows.push_back(i);
    classes.push_back(t);
  }
  const auto K = static_cast<int64_t>(rows.size());
  if (K == 0) {
    // 0 / 0, as PyTorch's mean over no rows.
    return kt::full({}, std::numeric_limits<double>::quiet_NaN(), dt);
  }

  // (K, C): the kept rows of logits, in order.
  const kt::Tensor row_index = kt::from_vector(rows, {K, 1}).expand({K, C});
  const kt::Tensor kept_logits = kt::gather(logits, 0, row_index);
  const kt::Tensor class_index = kt::from_vector(classes, {K, 1});

  const kt::Tensor log_p = kept_logits - kt::logsumexp(kept_logits, 1, true);  // (K, C)
  const kt::Tensor nll = -kt::gather(log_p, 1, class_index);                   // (K, 1)
  const kt::Tensor smooth = -kt::mean(log_p, 1, true);                         // (K, 1)
  const kt::Tensor loss = (1.0 - label_smoothing) * nll + label_smoothing * smooth;
  return kt::mean(loss);  // 0-d, logits' dtype
}

}  // namespace kata
