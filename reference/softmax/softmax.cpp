#include "reference/softmax/softmax.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace ref {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const int64_t rank = x.dim();
  if (rank == 0 || dim < -rank || dim >= rank) {
    throw kt::IndexError("ref::softmax: dim " + std::to_string(dim) + " is out of range for a " +
                         std::to_string(rank) + "-d tensor");
  }
  if (dim < 0) dim += rank;
  // The values in row-major order; a slice along dim is n values `inner` apart.
  std::vector<double> v = x.to(kt::Float64).contiguous().to_vector<double>();
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < dim; ++d) outer *= x.size(d);
  for (int64_t d = dim + 1; d < rank; ++d) inner *= x.size(d);
  const int64_t n = x.size(dim);
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      double* row = v.data() + o * n * inner + i;
      double top = -std::numeric_limits<double>::infinity();
      for (int64_t j = 0; j < n; ++j) top = std::fmax(top, row[j * inner]);
      double total = 0;
      for (int64_t j = 0; j < n; ++j) total += row[j * inner] = std::exp(row[j * inner] - top);
      for (int64_t j = 0; j < n; ++j) row[j * inner] /= total;
    }
  }
  return kt::from_vector(v, x.sizes());
}

}  // namespace ref
