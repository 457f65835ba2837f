#include "grader/katas/rms_norm/cases.hpp"

#include <rapidcheck.h>

#include "grader/katas/rms_norm/catalogue.hpp"
#include "reference/rms_norm/rms_norm.hpp"

namespace grader::kata_rms_norm {

// Note [rms_norm's float32 tolerance]
// A Float32 x is compared with the float64 reference at rtol 1e-5, atol 1e-6. Float32 arithmetic
// rounds each step to about 6e-8 relative; a mean of at most 8 squares, its square root and one
// product and quotient per value stay within ~1e-6 relative, and nothing cancels (no mean is
// subtracted): the output is x times a positive factor times weight. The atol serves exact zeros
// only. Every mistake the checks name changes the output by far more; the detectors and the
// catalogue work in Float64 (rtol 1e-9).

namespace {

bool is_float32(const Case& c) { return c.x.dtype() == kt::Float32; }

}  // namespace

Spec rows(Values values) {
  return {.shape = {.rank_min = 2,
                    .rank_max = 4,
                    .size_min = 2,
                    .size_max = 4,
                    .d_min = 3,  // with D = 2 a row is [m - s, m + s]: mistakes coincide there
                    .d_max = 6},
          .values = values,
          .float64_only = true};
}

std::vector<std::pair<std::string, std::string>> Case::describe() const {
  auto shown = norm_family::described(x, eps, values);
  shown.emplace_back("weight", values_text(weight));
  if (layout != 0) shown.emplace_back("x's layout", norm_family::layout_text(layout));
  return shown;
}

Case generate(const Spec& spec) {
  const kt::Shape shape = draw_rows_shape(spec.shape);
  const kt::Dtype dtype = draw_dtype(spec.float64_only);
  Case c;
  c.eps = spec.eps_default_only ? 1e-6 : *rc::gen::element(1e-6, 1e-5, 0.1).as("eps");
  const auto seed = *rc::gen::inRange<uint64_t>(0, 1000000).as("seed of the values");
  kt::Generator gen(seed);
  const int64_t d = shape.back();
  const norm_family::Rows rows = norm_family::draw_rows(shape, spec.values, gen);
  c.x = rows.x.to(dtype);
  c.values = rows.values;
  c.weight = (kt::randn({d}, gen) + 1.0).to(dtype);
  return c;
}

Outcome run_rms_norm_property(uint64_t seed, int cases,
                              const std::function<std::optional<Failure>()>& body) {
  return run_property(
      seed, cases, body,
      {norm_family::kLayoutDraw, "rank of x", "size of axis 0", "size of axis 1", "size of axis 2",
       "D (the last axis)",  // the values are shown; their seed is not the --seed
                             // that reruns a case
       "seed of the values"});
}

Called call_learner_on(const Case& c) {
  return norm_family::call_norm("rms_norm", {{"x", c.x}, {"weight", c.weight}}, c.eps, c.describe(),
                                c.layout);
}

Run run_learner(const Case& c) { return call_learner_on(c).run; }

kt::Tensor run_reference(const Case& c) { return ref::rms_norm(c.x, c.weight, c.eps); }

namespace {

bool matches(const Case& c, const kt::Tensor& got, const kt::Tensor& expected) {
  return is_float32(c) ? close(got, expected, 1e-5, 1e-6) : close(got, expected);
}

std::string tolerance_text(const Case& c) {
  return is_float32(c) ? "rtol 1e-5, atol 1e-6 in Float32" : "rtol 1e-9, atol 1e-12";
}

}  // namespace

const SameShapeKata<Case>& kata() {
  static const SameShapeKata<Case> k =
      norm_family::same_shape_kata<Case>("rms_norm", "x, weight, ", run_learner, run_reference,
                                         matches, tolerance_text, diagnose_after_shrinking);
  return k;
}

}  // namespace grader::kata_rms_norm
