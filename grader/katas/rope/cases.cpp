#include "grader/katas/rope/cases.hpp"

#include "grader/katas/rope/catalogue.hpp"

#include <rapidcheck.h>

#include <cmath>
#include <iomanip>
#include <sstream>

#include "grader/lib/journey.hpp"
#include "grader/lib/remote.hpp"
#include "grader/lib/words.hpp"
#include "reference/rope/rope.hpp"

namespace grader::kata_rope {

// Note [rope tolerance]
// Every correct solution computes the angle (start_pos + t) * base^(-2i/d) a little differently
// (pow, exp of a log, 1 / pow, float64 or float32 positions), each within a few ulp of the angle;
// but an angle's ulp grows with the angle. With inv_freq off by at most ~|ln base| ulp (~2e-15
// relative) and the product by one more, the angle is off by at most p * 2.5e-15, and an output
// (a cos - b sin) by at most 2 max|x| that much. The Float64 atol is 1e-12 + 2e-14 (p_max + 1)
// max|x|: four times that bound, and at the general checks' positions (< 70) still below 1e-10,
// a millionth of any real mistake. Float32 solutions round the angle itself (HF's LLaMA computes
// it in float32): 1e-6 + 5e-7 (p_max + 1) max|x|, with positions below 70.

namespace {

bool is_float32(const Case& c) { return c.x.dtype() == kt::Float32; }

double atol_of(const Case& c) {
  const double p_max = double(c.start_pos + c.T());
  const double x_max = c.x.numel() == 0 ? 0.0 : kt::amax(kt::abs(c.x.to(kt::Float64))).item();
  return is_float32(c) ? 1e-6 + 5e-7 * (p_max + 1) * x_max : 1e-12 + 2e-14 * (p_max + 1) * x_max;
}

double rtol_of(const Case& c) { return is_float32(c) ? 1e-5 : kRtol; }

}  // namespace

Spec detector_spec() {
  return {.T_min = 2,
          .T_max = 5,
          .half_min = 2,
          .half_max = 4,
          .start_min = 1,
          .start_max = 40,
          .float32 = false,
          .other_bases = false,
          .layout = Layout::Contiguous};
}

std::vector<std::pair<std::string, std::string>> Case::describe() const {
  return {{"x shape", kt::shape_str(x.sizes()) + " (B, H, T, d)"},
          {"dtype", std::string(kt::dtype_name(x.dtype()))},
          {"start_pos", std::to_string(start_pos)},
          {"base", number_text(base)},
          {"x layout", layout},
          {"x", values_text(x)}};
}

Case generate(const Spec& spec) {
  const auto B = *rc::gen::inRange<int64_t>(1, 3).as("B");
  const auto H = *rc::gen::inRange<int64_t>(1, 4).as("H");
  const auto T = *rc::gen::inRange<int64_t>(spec.T_min, spec.T_max + 1).as("T");
  const auto half = *rc::gen::inRange<int64_t>(spec.half_min, spec.half_max + 1).as("d / 2");
  const int64_t d = 2 * half;
  Case c;
  c.start_pos = *rc::gen::inRange<int64_t>(spec.start_min, spec.start_max + 1).as("start_pos");
  if (spec.other_bases) c.base = *rc::gen::element(10000.0, 100.0, 500000.0).as("base");
  const kt::Dtype dtype = draw_dtype(!spec.float32);
  const auto seed = *rc::gen::inRange<uint64_t>(0, 1000000).as("seed of x's values");
  kt::Generator gen(seed);
  int layout = 0;
  if (spec.layout == Layout::Any) layout = *rc::gen::inRange(0, 3).as("layout");
  switch (layout) {
    case 1:  // q as attention makes it: (B, T, H, d) then transpose(1, 2)
      c.x = (kt::randn({B, T, H, d}, gen) * 2.0).to(dtype).transpose(1, 2);
      c.layout = "a transposed view: (B, T, H, d) memory seen as (B, H, T, d) by transpose(1, 2)";
      break;
    case 2:  // q from a fused projection: the first d of 2d values per row
      c.x = (kt::randn({B, H, T, 2 * d}, gen) * 2.0).to(dtype).narrow(3, 0, d);
      c.layout = "a slice: the first d of each row of a (B, H, T, 2d) tensor";
      break;
    default:
      c.x = (kt::randn({B, H, T, d}, gen) * 2.0).to(dtype);
  }
  return c;
}

Outcome run_rope_property(uint64_t seed, int cases,
                          const std::function<std::optional<Failure>()>& body) {
  // x's values are shown; their seed is not the --seed that reruns a case
  return run_property(seed, cases, body, {"seed of x's values", "layout", "B", "H", "T", "d / 2"});
}

Called call_learner_on(const Case& c) {
  announce_case(c.describe());  // so a crash or a timeout still names the case
  // The learner's process rebuilds x in the case's layout (call.cpp).
  const uint64_t layout = c.x.is_contiguous() ? 0 : c.layout.rfind("a transposed", 0) == 0 ? 1 : 2;
  wire::Writer args;
  args.tensor(c.x);
  args.u64(layout);
  args.i64(c.start_pos);
  args.f64(c.base);
  Called called;
  remote::call("rope", args, [&](wire::Reader& r) {
    called.run = r.run();
    called.x_changed = r.boolean();
  });
  return called;
}

Run run_learner(const Case& c) { return call_learner_on(c).run; }

kt::Tensor run_reference(const Case& c) { return ref::rope(c.x, c.start_pos, c.base); }

bool matches(const Case& c, const kt::Tensor& got, const kt::Tensor& expected) {
  return close(got, expected, rtol_of(c), atol_of(c));
}

std::string tolerance_text(const Case& c) {
  std::ostringstream s;
  s << std::setprecision(3) << "rtol " << rtol_of(c) << ", atol " << atol_of(c) << " ("
    << (is_float32(c) ? "Float32; " : "") << "the atol grows with the position)";
  return s.str();
}

const SameShapeKata<Case>& kata() {
  static const SameShapeKata<Case> k{
      .input = [](const Case& c) -> const kt::Tensor& { return c.x; },
      .call = run_learner,
      .call_text =
          [](const Case& c) {
            return "apply_rope(x, " + std::to_string(c.start_pos) + ", " + number_text(c.base) +
                   ")";
          },
      .shape_words =
          [](const Case& c) { return "RoPE keeps x's shape " + kt::shape_str(c.x.sizes()); },
      .dtype_words =
          "return x's dtype (kt::arange and friends make Float64; convert with "
          ".to(x.dtype())).",
      .row_axis = {},  // a row of d values: one position of one head
      .reference = run_reference,
      .matches = matches,
      .tolerance = tolerance_text,
      .float64_from = "Float64",
      .diagnose = diagnose_after_shrinking,
  };
  return k;
}

}  // namespace grader::kata_rope
