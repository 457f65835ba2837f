// The axes a norm kata's row statistic is taken over, right or wrong: what layer_norm's and
// rms_norm's simulations, detectors' searches and normalized_wrong_axis messages share.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "kt/tensor.hpp"

namespace grader::norm_family {

/// Where a statistic is reduced: the last axis (right), another one, the last two together, or
/// all of x (the three wrong ones are normalized_wrong_axis).
enum class Axis { Last, Other, All, LastTwo };

/// The mean of t over `axis` (Other: dim `other`, counted from the front); keepdim is the
/// learner's choice along the last axis and another one; the last two and all keep their dims
/// (a mean without them does not broadcast against x, or it is a 0-d tensor that does).
kt::Tensor mean_over(const kt::Tensor& t, Axis axis, int64_t other, bool keepdim);

/// How many values of x each statistic over `axis` runs over.
int64_t values_per_statistic(const kt::Tensor& x, Axis axis, int64_t other);

/// Every choice the detectors search on x of `rank` axes: the last, all, each other axis, and the
/// last two (from rank 3: on rank 2 it is all).
std::vector<std::pair<Axis, int64_t>> searched_axes(int64_t rank);

/// Where a wrong statistic was taken, for normalized_wrong_axis's message: "over dim 0 (of size
/// 3)", "over the last two axes together", or "over the whole tensor (" + whole + ")".
std::string over_words(const kt::Tensor& x, Axis axis, int64_t other, const std::string& whole);

}  // namespace grader::norm_family
