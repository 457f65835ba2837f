#include "grader/katas/norm_family/rows.hpp"

#include "grader/lib/compare.hpp"
#include "grader/lib/words.hpp"

namespace grader::norm_family {

Rows draw_rows(const kt::Shape& shape, Values values, kt::Generator& gen) {
  kt::Shape row_shape = shape;
  row_shape.back() = 1;
  Rows r;
  r.noise = kt::randn(shape, gen);
  switch (values) {
    case Values::Moderate:
      r.x = r.noise * 3.0 + (kt::rand(row_shape, gen) * 4.0 - 2.0);
      r.values = "3 * randn, each row shifted by up to +-2";
      break;
    case Values::Small:
      r.x = r.noise * 0.001;
      r.values = "0.001 * randn (a mean of squares near 1e-6)";
      break;
    case Values::SmallVariance:
      r.x = r.noise * 0.003 + (kt::rand(row_shape, gen) * 2.0 - 1.0);
      r.values = "0.003 * randn, each row shifted by up to +-1 (a variance near 1e-5)";
      break;
    case Values::Offset:
      r.x = r.noise + (kt::rand(row_shape, gen) * 3.0 + 3.0);
      r.values = "randn, each row shifted by 3 to 6";
      break;
  }
  return r;
}

std::pair<kt::Tensor, kt::Tensor> fixed_rows(kt::Generator& gen, const kt::Shape& shape,
                                             double scale, double shift) {
  kt::Tensor x = kt::randn(shape, gen) * scale + shift;
  kt::Tensor weight = kt::randn({shape.back()}, gen) + 1.0;
  return {x, weight};
}

std::vector<std::pair<std::string, std::string>> described(const kt::Tensor& x, double eps,
                                                           const std::string& values) {
  return {{"x shape", kt::shape_str(x.sizes())},
          {"dtype", std::string(kt::dtype_name(x.dtype()))},
          {"eps", number_text(eps)},
          {"x values", values},
          {"x", values_text(x)}};
}

std::string case_text(const kt::Tensor& x, double eps) {
  return "the case x shape = " + kt::shape_str(x.sizes()) + ", eps = " + number_text(eps);
}

}  // namespace grader::norm_family
