// How a ratio between a learner's numbers and the expected ones reads: a scale is most often the
// square root of a size (1 / sqrt(3)), of one size over another (sqrt(4/5)), or 1 - p (1 / 0.7).
// Shared by the runner (a step "times 1.73205 = sqrt(3)") and ./grade (an attention map's rows
// summing to 0.57735 = 1 / sqrt(3)).
#pragma once

#include <string>

namespace report {

/// "1 / sqrt(2)" for 0.707107, "sqrt(3)" for 1.73205, "1 / 0.7" for 1.42857, "1 / 3" for
/// 0.333333; "" when the ratio reads no simpler than its digits (2, 0.5, 0.9, 0.25).
std::string ratio_reading(double r);

}  // namespace report
