#include "grader/katas/layer_norm/cases.hpp"

#include <rapidcheck.h>

#include "grader/katas/layer_norm/catalogue.hpp"
#include "reference/layer_norm/layer_norm.hpp"

namespace grader::kata_layer_norm {

// Note [layer_norm's float32 tolerance]
// A Float32 x is compared with the float64 reference at rtol 1e-4, atol 1e-4. Float32 arithmetic
// rounds each step to about 6e-8 relative. Its rows are drawn with a standard deviation of 1 to 3
// around a mean of at most 2 in size: the mean and the variance then come out within ~1e-6
// whichever correct formula computes them (mean(x^2) - mean^2 too, which loses every digit on a
// row whose values nearly coincide), and a normalised value within ~1e-5. The output,
// x̂ * weight + bias, can cancel to near 0 where its parts are ~3, hence the atol. Every mistake
// the checks name changes the output by far more than 1e-4; the detectors and the catalogue work
// in Float64 (rtol 1e-9), where rows of any spread are drawn.

// Note [layer_norm's float64 tolerance]
// Float64 results are compared at rtol 1e-9 with an atol of 1e-9 times the largest expected |value|
// (plus 1e-12), not a fixed 1e-12: an output x̂ * weight + bias can cancel to near 0 where its parts
// are ~3, and a correct formula loses digits on the way. The variance as mean(x^2) - mean^2 (a
// textbook form) cancels on rows whose mean is far from their spread (0.003 around 1): ~1e-11 off
// in x̂, 3e-11 in an output near 0 (seen: accepted/one_pass_variance.cpp failed a fixed atol of
// 1e-12 on one case in eight). Every named mistake changes the output by 1e-6 of it or more.

namespace {

bool is_float32(const Case& c) { return c.x.dtype() == kt::Float32; }

}  // namespace

Spec cube(Values values) {
  return {.shape = {.rank_min = 2, .rank_max = 3},
          .cube = true,
          .values = values,
          .float64_only = true,
          .eps_default_only = true};
}

std::vector<std::pair<std::string, std::string>> Case::describe() const {
  auto shown = norm_family::described(x, eps, values);
  shown.emplace_back("weight", values_text(weight));
  shown.emplace_back("bias", values_text(bias));
  if (layout != 0) shown.emplace_back("x's layout", norm_family::layout_text(layout));
  return shown;
}

Case generate(const Spec& spec) {
  kt::Shape shape;
  if (spec.cube) {
    const auto rank =
        *rc::gen::inRange(spec.shape.rank_min, spec.shape.rank_max + 1).as("rank of x");
    const auto n = *rc::gen::inRange<int64_t>(3, 5).as("size of every axis");
    shape.assign(size_t(rank), n);
  } else {
    RowsShape rows = spec.shape;
    rows.d_min_last = rows.d_min == 2;
    shape = draw_rows_shape(rows);
  }
  const kt::Dtype dtype = draw_dtype(spec.float64_only);
  Case c;
  c.eps = spec.eps_default_only ? 1e-5 : *rc::gen::element(1e-5, 1e-2, 0.5).as("eps");
  const auto seed = *rc::gen::inRange<uint64_t>(0, 1000000).as("seed of the values");
  kt::Generator gen(seed);
  const int64_t d = shape.back();
  kt::Shape row_shape = shape;
  row_shape.back() = 1;
  const norm_family::Rows rows = norm_family::draw_rows(shape, spec.values, gen);
  c.x = rows.x;
  c.values = rows.values;
  if (dtype == kt::Float32 && spec.values == Values::Moderate && d > 1) {
    // Rows of spread 1 to 3 exactly (Note [layer_norm's float32 tolerance]).
    const kt::Tensor z = rows.noise - kt::mean(rows.noise, -1, true);
    const kt::Tensor unit = z / kt::sqrt(kt::mean(z * z, -1, true));
    c.x = unit * (kt::rand(row_shape, gen) * 2.0 + 1.0) + (kt::rand(row_shape, gen) * 4.0 - 2.0);
    c.values = "rows of standard deviation 1 to 3 around a mean of up to +-2";
  }
  c.x = c.x.to(dtype);
  c.weight = (kt::randn({d}, gen) + 1.0).to(dtype);
  c.bias = kt::randn({d}, gen).to(dtype);
  return c;
}

Outcome run_layer_norm_property(uint64_t seed, int cases,
                                const std::function<std::optional<Failure>()>& body) {
  return run_property(seed, cases, body,
                      {norm_family::kLayoutDraw, "rank of x", "size of axis 0", "size of axis 1",
                       "size of axis 2", "D (the last axis)", "size of every axis",
                       // the values are shown; their seed is not the --seed that reruns a case
                       "seed of the values"});
}

Called call_learner_on(const Case& c) {
  return norm_family::call_norm("layer_norm", {{"x", c.x}, {"weight", c.weight}, {"bias", c.bias}},
                                c.eps, c.describe(), c.layout);
}

Run run_learner(const Case& c) { return call_learner_on(c).run; }

kt::Tensor run_reference(const Case& c) { return ref::layer_norm(c.x, c.weight, c.bias, c.eps); }

namespace {

bool matches(const Case& c, const kt::Tensor& got, const kt::Tensor& expected) {
  if (is_float32(c)) return close(got, expected, 1e-4, 1e-4);
  // Note [layer_norm's float64 tolerance].
  const double largest = expected.numel() == 0 ? 0.0 : kt::amax(kt::abs(expected)).item();
  return close(got, expected, 1e-9, 1e-9 * largest + 1e-12);
}

std::string tolerance_text(const Case& c) {
  return is_float32(c) ? "rtol 1e-4, atol 1e-4 in Float32"
                       : "rtol 1e-9, atol 1e-9 times the largest |expected value|";
}

}  // namespace

const SameShapeKata<Case>& kata() {
  static const SameShapeKata<Case> k = norm_family::same_shape_kata<Case>(
      "layer_norm", "x, weight, bias, ", run_learner, run_reference, matches, tolerance_text,
      diagnose_after_shrinking);
  return k;
}

}  // namespace grader::kata_layer_norm
