// expect-pitfalls: ignored_rows_in_mean
// A loop over the rows that skips the ignored ones, then divides by N.
#include <cmath>

#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const kt::Tensor log_p = kt::log_softmax(logits.to(kt::Float64), 1);
  const int64_t n = logits.size(0), classes = logits.size(1);
  double total = 0;
  for (int64_t i = 0; i < n; ++i) {
    const auto t = static_cast<int64_t>(target.at({i}));
    if (t == ignore_index) continue;
    double mean_nll = 0;
    for (int64_t k = 0; k < classes; ++k) mean_nll -= log_p.at({i, k}) / double(classes);
    total += (1 - label_smoothing) * -log_p.at({i, t}) + label_smoothing * mean_nll;
  }
  return kt::full({}, total / double(n), logits.dtype());
}

}  // namespace kata
