#include "grader/katas/layer_norm/cases.hpp"

#include <rapidcheck.h>

#include <sstream>

#include "grader/katas/layer_norm/catalogue.hpp"
#include "grader/lib/remote.hpp"
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

std::string eps_text(double eps) {
  std::ostringstream s;
  s << eps;
  return s.str();
}

}  // namespace

Spec cube(Values values) {
  return {.rank_min = 2,
          .rank_max = 3,
          .cube = true,
          .values = values,
          .float64_only = true,
          .eps_default_only = true};
}

std::vector<std::pair<std::string, std::string>> Case::describe() const {
  return {{"x shape", kt::shape_str(x.sizes())},
          {"dtype", std::string(kt::dtype_name(x.dtype()))},
          {"eps", eps_text(eps)},
          {"x values", values},
          {"x", values_text(x)},
          {"weight", values_text(weight)},
          {"bias", values_text(bias)}};
}

Case generate(const Spec& spec) {
  const auto rank = *rc::gen::inRange(spec.rank_min, spec.rank_max + 1).as("rank of x");
  kt::Shape shape;
  if (spec.cube) {
    const auto n = *rc::gen::inRange<int64_t>(3, 5).as("size of every axis");
    shape.assign(size_t(rank), n);
  } else {
    for (int a = 0; a + 1 < rank; ++a) {
      shape.push_back(*rc::gen::inRange(spec.size_min, spec.size_max + 1)
                           .as("size of axis " + std::to_string(a)));
    }
    // D = 2 is drawn last in shrinking order: a row of two values normalises to -1 and 1, where
    // many mistakes look alike, so a failure shrinks to D = 3 when it fails there too.
    const int64_t low = spec.d_min == 2 && spec.d_max >= 3 ? 3 : spec.d_min;
    const auto drawn =
        *rc::gen::inRange(low, spec.d_max + (low > spec.d_min ? 2 : 1)).as("D (the last axis)");
    shape.push_back(drawn > spec.d_max ? spec.d_min : drawn);
  }
  const kt::Dtype dtype =
      spec.float64_only ||
              *rc::gen::element(std::string("Float64"), std::string("Float32")).as("dtype") ==
                  "Float64"
          ? kt::Float64
          : kt::Float32;
  Case c;
  c.eps = spec.eps_default_only ? 1e-5 : *rc::gen::element(1e-5, 1e-2, 0.5).as("eps");
  const auto seed = *rc::gen::inRange<uint64_t>(0, 1000000).as("seed of the values");
  kt::Generator gen(seed);
  const int64_t d = shape.back();
  kt::Shape row_shape = shape;
  row_shape.back() = 1;
  const kt::Tensor noise = kt::randn(shape, gen);
  switch (spec.values) {
    case Values::Moderate:
      c.x = noise * 3.0 + (kt::rand(row_shape, gen) * 4.0 - 2.0);
      c.values = "3 * randn, each row shifted by up to +-2";
      break;
    case Values::SmallVariance:
      c.x = noise * 0.003 + (kt::rand(row_shape, gen) * 2.0 - 1.0);
      c.values = "0.003 * randn, each row shifted by up to +-1 (a variance near 1e-5)";
      break;
    case Values::Offset:
      c.x = noise + (kt::rand(row_shape, gen) * 3.0 + 3.0);
      c.values = "randn, each row shifted by 3 to 6";
      break;
  }
  if (dtype == kt::Float32 && spec.values == Values::Moderate && d > 1) {
    // Rows of spread 1 to 3 exactly (Note [layer_norm's float32 tolerance]).
    const kt::Tensor z = noise - kt::mean(noise, -1, true);
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
                      {"rank of x", "size of axis 0", "size of axis 1", "size of axis 2",
                       "D (the last axis)", "size of every axis",
                       // the values are shown; their seed is not the --seed that reruns a case
                       "seed of the values"});
}

Called call_learner_on(const Case& c) {
  announce_case(c.describe());  // so a crash or a timeout still names the case
  wire::Writer args;
  args.tensor(c.x);
  args.tensor(c.weight);
  args.tensor(c.bias);
  args.f64(c.eps);
  Called called;
  remote::call("layer_norm", args, [&](wire::Reader& r) {
    called.run = r.run();
    for (const char* name : {"x", "weight", "bias"})
      if (r.boolean()) called.changed.emplace_back(name);
  });
  return called;
}

Run run_learner(const Case& c) { return call_learner_on(c).run; }

kt::Tensor run_reference(const Case& c) { return ref::layer_norm(c.x, c.weight, c.bias, c.eps); }

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

const SameShapeKata<Case>& kata() {
  static const SameShapeKata<Case> k{
      .input = [](const Case& c) -> const kt::Tensor& { return c.x; },
      .call_text =
          [](const Case& c) { return "layer_norm(x, weight, bias, " + eps_text(c.eps) + ")"; },
      .shape_words =
          [](const Case& c) { return "layer_norm keeps x's shape " + kt::shape_str(c.x.sizes()); },
      .dtype_words =
          "return x's dtype (convert back with .to(x.dtype()) if you computed in another).",
      .row_axis = [](const Case&) { return int64_t{-1}; },
      .reference = run_reference,
      .matches = matches,
      .tolerance = tolerance_text,
      .float64_from = "x's dtype",
      .diagnose = diagnose_after_shrinking,
  };
  return k;
}

}  // namespace grader::kata_layer_norm
