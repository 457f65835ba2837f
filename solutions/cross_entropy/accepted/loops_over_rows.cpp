// expect: pass
// Plain loops over the rows in double, with the target checked by hand.
#include <cmath>
#include <limits>

#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const int64_t n = logits.size(0), classes = logits.size(1);
  double total = 0;
  int64_t kept = 0;
  for (int64_t i = 0; i < n; ++i) {
    const auto t = static_cast<int64_t>(target.at({i}));
    if (t == ignore_index) continue;
    if (t < 0 || t >= classes)
      throw kt::IndexError("cross_entropy: target " + std::to_string(t) + " of row " +
                           std::to_string(i) + " is outside [0, " + std::to_string(classes) + ")");
    double m = -std::numeric_limits<double>::infinity();
    for (int64_t k = 0; k < classes; ++k) m = std::max(m, logits.at({i, k}));
    double s = 0, sum_logits = 0;
    for (int64_t k = 0; k < classes; ++k) {
      s += std::exp(logits.at({i, k}) - m);
      sum_logits += logits.at({i, k});
    }
    const double lse = m + std::log(s);
    const double nll = lse - logits.at({i, t});
    const double smooth = lse - sum_logits / double(classes);
    total += (1 - label_smoothing) * nll + label_smoothing * smooth;
    ++kept;
  }
  const double loss = kept == 0 ? std::numeric_limits<double>::quiet_NaN() : total / double(kept);
  return kt::full({}, loss, logits.dtype());
}

}  // namespace kata
