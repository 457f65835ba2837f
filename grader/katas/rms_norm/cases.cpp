#include "grader/katas/rms_norm/cases.hpp"

#include <rapidcheck.h>

#include <sstream>

#include "grader/katas/rms_norm/catalogue.hpp"
#include "grader/lib/remote.hpp"
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

std::string eps_text(double eps) {
  std::ostringstream s;
  s << eps;
  return s.str();
}

}  // namespace

Spec rows(Values values) {
  return {.rank_min = 2,
          .rank_max = 4,
          .size_min = 2,
          .size_max = 4,
          .d_min = 3,  // with D = 2 a row is [m - s, m + s]: mistakes coincide there
          .d_max = 6,
          .values = values,
          .float64_only = true};
}

std::vector<std::pair<std::string, std::string>> Case::describe() const {
  return {{"x shape", kt::shape_str(x.sizes())},
          {"dtype", std::string(kt::dtype_name(x.dtype()))},
          {"eps", eps_text(eps)},
          {"x values", values},
          {"x", values_text(x)},
          {"weight", values_text(weight)}};
}

Case generate(const Spec& spec) {
  const auto rank = *rc::gen::inRange(spec.rank_min, spec.rank_max + 1).as("rank of x");
  kt::Shape shape;
  for (int a = 0; a + 1 < rank; ++a) {
    shape.push_back(*rc::gen::inRange(spec.size_min, spec.size_max + 1)
                         .as("size of axis " + std::to_string(a)));
  }
  shape.push_back(*rc::gen::inRange(spec.d_min, spec.d_max + 1).as("D (the last axis)"));
  const kt::Dtype dtype =
      spec.float64_only ||
              *rc::gen::element(std::string("Float64"), std::string("Float32")).as("dtype") ==
                  "Float64"
          ? kt::Float64
          : kt::Float32;
  Case c;
  c.eps = spec.eps_default_only ? 1e-6 : *rc::gen::element(1e-6, 1e-5, 0.1).as("eps");
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
    case Values::Small:
      c.x = noise * 0.001;
      c.values = "0.001 * randn (a mean of squares near 1e-6)";
      break;
    case Values::Offset:
      c.x = noise + (kt::rand(row_shape, gen) * 3.0 + 3.0);
      c.values = "randn, each row shifted by 3 to 6";
      break;
  }
  c.x = c.x.to(dtype);
  c.weight = (kt::randn({d}, gen) + 1.0).to(dtype);
  return c;
}

Outcome run_rms_norm_property(uint64_t seed, int cases,
                              const std::function<std::optional<Failure>()>& body) {
  return run_property(seed, cases, body,
                      {"rank of x", "size of axis 0", "size of axis 1", "size of axis 2",
                       "D (the last axis)",  // the values are shown; their seed is not the --seed
                                             // that reruns a case
                       "seed of the values"});
}

Called call_learner_on(const Case& c) {
  announce_case(c.describe());  // so a crash or a timeout still names the case
  wire::Writer args;
  args.tensor(c.x);
  args.tensor(c.weight);
  args.f64(c.eps);
  Called called;
  remote::call("rms_norm", args, [&](wire::Reader& r) {
    called.run = r.run();
    for (const char* name : {"x", "weight"})
      if (r.boolean()) called.changed.emplace_back(name);
  });
  return called;
}

Run run_learner(const Case& c) { return call_learner_on(c).run; }

kt::Tensor run_reference(const Case& c) { return ref::rms_norm(c.x, c.weight, c.eps); }

bool matches(const Case& c, const kt::Tensor& got, const kt::Tensor& expected) {
  return is_float32(c) ? close(got, expected, 1e-5, 1e-6) : close(got, expected);
}

std::string tolerance_text(const Case& c) {
  return is_float32(c) ? "rtol 1e-5, atol 1e-6 in Float32" : "rtol 1e-9, atol 1e-12";
}

const SameShapeKata<Case>& kata() {
  static const SameShapeKata<Case> k{
      .input = [](const Case& c) -> const kt::Tensor& { return c.x; },
      .call_text = [](const Case& c) { return "rms_norm(x, weight, " + eps_text(c.eps) + ")"; },
      .shape_words =
          [](const Case& c) { return "rms_norm keeps x's shape " + kt::shape_str(c.x.sizes()); },
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

}  // namespace grader::kata_rms_norm
