#include "reference/cross_entropy/cross_entropy.hpp"

#include <cmath>
#include <limits>
#include <vector>

namespace ref {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const int64_t n = logits.size(0);
  const int64_t c = logits.size(1);
  const std::vector<double> x = logits.to(kt::Float64).contiguous().to_vector<double>();
  const std::vector<int64_t> t = target.contiguous().to_vector<int64_t>();
  double total = 0;
  int64_t kept = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (t[size_t(i)] == ignore_index) continue;
    const double* row = x.data() + i * c;
    double m = row[0];
    for (int64_t j = 1; j < c; ++j) m = std::max(m, row[j]);
    double s = 0;
    for (int64_t j = 0; j < c; ++j) s += std::exp(row[j] - m);
    const double lse = m + std::log(s);
    double mean_nll = 0;  // the mean over classes of -log p[c]
    for (int64_t j = 0; j < c; ++j) mean_nll += lse - row[j];
    mean_nll /= double(c);
    const double nll = lse - row[t[size_t(i)]];
    total += (1.0 - label_smoothing) * nll + label_smoothing * mean_nll;
    ++kept;
  }
  const double loss = kept == 0 ? std::numeric_limits<double>::quiet_NaN() : total / double(kept);
  return kt::full({}, loss);
}

}  // namespace ref
