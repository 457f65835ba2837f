// The masked row softmax the attention references share (Eigen; included by reference .cpp files
// only, never by a header the grader or a kata includes).
#pragma once

#include <Eigen/Core>

#include "reference/common/masked_rows.hpp"

namespace ref::detail {

using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Mask = Eigen::Array<bool, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

/// Softmax of each row of scores over the entries `allowed` marks, with the row's maximum over
/// those entries subtracted; a row with nothing allowed gets what `masked_rows` says.
Matrix softmax_rows(const Matrix& scores, const Mask& allowed, MaskedRows masked_rows);

}  // namespace ref::detail
