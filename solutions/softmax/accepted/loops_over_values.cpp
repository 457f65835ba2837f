// expect: pass
// Accepted: plain loops over the values (the way it is written in C without a tensor library),
// in double, back in x's dtype.
#include <algorithm>
#include <cmath>
#include <vector>

#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  if (dim < 0) dim += x.dim();
  std::vector<double> v = x.to(kt::Float64).contiguous().to_vector<double>();
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < dim; ++d) outer *= x.size(d);
  for (int64_t d = dim + 1; d < x.dim(); ++d) inner *= x.size(d);
  const int64_t n = x.size(dim);
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      double* row = v.data() + o * n * inner + i;
      double m = row[0];
      for (int64_t j = 1; j < n; ++j) m = std::max(m, row[j * inner]);
      double total = 0;
      for (int64_t j = 0; j < n; ++j) total += (row[j * inner] = std::exp(row[j * inner] - m));
      for (int64_t j = 0; j < n; ++j) row[j * inner] /= total;
    }
  }
  return kt::from_vector(v, x.sizes()).to(x.dtype());
}

}  // namespace kata
