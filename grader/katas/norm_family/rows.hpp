// A norm kata's rows (layer_norm, rms_norm): how x's values are drawn along the last axis, and the
// words a case is shown with.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "kt/generator.hpp"
#include "kt/tensor.hpp"

namespace grader::norm_family {

/// The values a case's rows take.
enum class Values {
  Moderate,       // 3 * randn, each row shifted by up to +-2
  Small,          // 0.001 * randn: a mean of squares near 1e-6, where RMSNorm's eps counts
  SmallVariance,  // 0.003 * randn shifted by up to +-1: a variance near 1e-5, where LayerNorm's
                  // eps counts
  Offset,         // randn shifted by 3 to 6: the mean far from 0 (mean(x^2) far from the variance)
};

/// Rows of `shape` drawn from gen (Float64): the noise (randn of shape, drawn first), x made from
/// it, and how, for the learner.
struct Rows {
  kt::Tensor noise, x;
  std::string values;
};
Rows draw_rows(const kt::Shape& shape, Values values, kt::Generator& gen);

/// A fixed case's x (randn * scale + shift) and weight (randn + 1), drawn from gen in that order.
std::pair<kt::Tensor, kt::Tensor> fixed_rows(kt::Generator& gen, const kt::Shape& shape,
                                             double scale, double shift);

/// What every norm case shows first: x's shape and dtype, eps, how x was drawn, and x.
std::vector<std::pair<std::string, std::string>> described(const kt::Tensor& x, double eps,
                                                           const std::string& values);

/// "the case x shape = [2, 3], eps = 1e-05": where the journey was traced.
std::string case_text(const kt::Tensor& x, double eps);

}  // namespace grader::norm_family
