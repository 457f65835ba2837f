#include "reference/common/softmax_rows.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ref::detail {

Matrix softmax_rows(const Matrix& scores, const Mask& allowed, MaskedRows masked_rows) {
  const Eigen::Index rows = scores.rows(), cols = scores.cols();
  Matrix weights = Matrix::Zero(rows, cols);
  for (Eigen::Index i = 0; i < rows; ++i) {
    const bool any = allowed.row(i).any();
    const bool all_keys = !any && masked_rows == MaskedRows::AllKeys;
    if (!any && !all_keys) {
      const double fill = masked_rows == MaskedRows::Uniform ? 1.0 / double(cols) : 0.0;
      weights.row(i).setConstant(fill);
      continue;
    }
    double top = -std::numeric_limits<double>::infinity();
    for (Eigen::Index j = 0; j < cols; ++j)
      if (all_keys || allowed(i, j)) top = std::max(top, scores(i, j));
    double total = 0;
    for (Eigen::Index j = 0; j < cols; ++j) {
      if (!all_keys && !allowed(i, j)) continue;
      weights(i, j) = std::exp(scores(i, j) - top);
      total += weights(i, j);
    }
    for (Eigen::Index j = 0; j < cols; ++j) weights(i, j) /= total;
  }
  return weights;
}

}  // namespace ref::detail
