// expect: pass
// Accepted: loops over a contiguous copy in x's own precision (float for a Float32 x, double
// otherwise), in place, with std::exp; no kt reductions at all.
#include <cmath>
#include <vector>

#include "softmax.hpp"

namespace kata {

namespace {

template <class T>
kt::Tensor softmax_loops(const kt::Tensor& x, int64_t dim) {
  std::vector<T> v = x.contiguous().to_vector<T>();
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < dim; ++d) outer *= x.size(d);
  for (int64_t d = dim + 1; d < x.dim(); ++d) inner *= x.size(d);
  const int64_t n = x.size(dim);
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      T* row = v.data() + o * n * inner + i;
      T m = row[0];
      for (int64_t j = 1; j < n; ++j) m = row[j * inner] > m ? row[j * inner] : m;
      T total = 0;
      for (int64_t j = 0; j < n; ++j) total += (row[j * inner] = std::exp(row[j * inner] - m));
      for (int64_t j = 0; j < n; ++j) row[j * inner] /= total;
    }
  }
  return kt::from_vector(v, x.sizes());
}

}  // namespace

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  if (dim < 0) dim += x.dim();
  return x.dtype() == kt::Float32 ? softmax_loops<float>(x, dim) : softmax_loops<double>(x, dim);
}

}  // namespace kata
