#include "reference/@NAME@/@NAME@.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace ref {

kt::Tensor @NAME@(const kt::Tensor& x) {
  std::vector<double> v = x.to(kt::Float64).to_vector<double>();
  const size_t n = x.dim() == 0 ? 1 : size_t(x.size(-1));
  for (size_t start = 0; n > 0 && start < v.size(); start += n) {
    const auto row = v.begin() + std::ptrdiff_t(start);
    const double top = *std::max_element(row, row + std::ptrdiff_t(n));
    double total = 0;
    for (size_t j = 0; j < n; ++j) total += v[start + j] = std::exp(v[start + j] - top);
    for (size_t j = 0; j < n; ++j) v[start + j] /= total;
  }
  return kt::from_vector(v, x.sizes());
}

}  // namespace ref
