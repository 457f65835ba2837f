#include "grader/katas/adamw/cases.hpp"

#include <rapidcheck.h>

#include <algorithm>
#include <cmath>
#include <sstream>

#include "grader/katas/adamw/catalogue.hpp"
#include "grader/lib/remote.hpp"
#include "grader/lib/words.hpp"

namespace grader::kata_adamw {

// Note [adamw's tolerances]
// A Float64 param is compared with the float64 reference at rtol 1e-10, atol 1e-13: PyTorch's order
// of operations and any other correct one (lerp for the first moment, m_hat / (sqrt(v_hat) + eps),
// a loop over values) differ by a few roundings of 1e-16, and param is a sum of a decayed param and
// an update no larger than lr, with no cancellation the tolerance does not cover. What the order
// does change is kept: decaying param after the update instead of before it changes the result by
// lr^2 * weight_decay * |update|, 1e-8 relative at lr = 0.01, and is caught (the catalogue names
// it). A Float32 param is compared at rtol 1e-5, atol 1e-6: each of at most four steps rounds param
// to about 6e-8 relative and the update to about 1e-6 of lr; the atol serves values that cross
// zero. The moments are compared at the same rtol, with an atol of rtol times the scale of what
// they average (the largest |grad|, squared for exp_avg_sq, the moment they started from and
// their own largest value): a second moment of 1e-4 gradients is about 1e-11, below any fixed
// atol, and exp_avg + (1 - beta1) * (grad - exp_avg), torch's lerp_, cancels where the new moment
// is small beside the gradient (5e-5 relative in Float32 on one such value). The detectors and
// the catalogue work in Float64.

namespace {

bool is_float32(const Case& c) { return c.param.dtype() == kt::Float32; }

}  // namespace

Spec detector_spec() {
  return {.rank_min = 1,
          .rank_max = 2,
          .size_min = 2,
          .size_max = 4,
          .steps_min = 1,
          .steps_max = 3,
          .resume_min = 1,
          .resume_max = 6,
          .float64_only = true,
          .detector = true};
}

std::string call_text(const Case& c) {
  std::ostringstream s;
  s << "adamw_step(param, grad, state, {lr " << c.cfg.lr << ", beta1 " << c.cfg.beta1 << ", beta2 "
    << c.cfg.beta2 << ", eps " << c.cfg.eps << ", weight_decay " << c.cfg.weight_decay << "})";
  return s.str();
}

std::vector<std::pair<std::string, std::string>> Case::describe() const {
  std::vector<std::pair<std::string, std::string>> d = {
      {"param shape", kt::shape_str(param.sizes())},
      {"dtype", std::string(kt::dtype_name(param.dtype()))},
      {"lr", number_text(cfg.lr)},
      {"beta1", number_text(cfg.beta1)},
      {"beta2", number_text(cfg.beta2)},
      {"eps", number_text(cfg.eps)},
      {"weight_decay", number_text(cfg.weight_decay)},
      {"calls", std::to_string(grads.size()) + " (one per grad, on the same param and state)"},
      {"param", values_text(param)}};
  if (fresh()) {
    d.emplace_back("state", "fresh: exp_avg and exp_avg_sq undefined, step = 0");
  } else {
    d.emplace_back("state.step before", std::to_string(step));
    d.emplace_back("state.exp_avg", values_text(exp_avg));
    d.emplace_back("state.exp_avg_sq", values_text(exp_avg_sq));
  }
  d.emplace_back("grads", values);
  for (size_t i = 0; i < grads.size(); ++i)
    d.emplace_back("grad of call " + std::to_string(i + 1), values_text(grads[i]));
  return d;
}

Case generate(const Spec& spec) {
  const auto rank = *rc::gen::inRange(spec.rank_min, spec.rank_max + 1).as("rank of param");
  kt::Shape shape;
  for (int a = 0; a < rank; ++a)
    shape.push_back(*rc::gen::inRange(spec.size_min, spec.size_max + 1)
                         .as("size of axis " + std::to_string(a)));
  const kt::Dtype dtype = draw_dtype(spec.float64_only);
  const auto steps = *rc::gen::inRange(spec.steps_min, spec.steps_max + 1).as("calls");
  Case c;
  if (spec.detector) {
    c.cfg.lr = *rc::gen::element(0.01, 0.03, 0.1).as("lr");
    c.cfg.beta1 = *rc::gen::element(0.9, 0.8, 0.5).as("beta1");
    c.cfg.beta2 = *rc::gen::element(0.999, 0.99, 0.9).as("beta2");
    c.cfg.eps = *rc::gen::element(1e-3, 1e-2, 0.1).as("eps");
    c.cfg.weight_decay = *rc::gen::element(0.1, 0.3).as("weight_decay");
  } else if (spec.small_gradients) {
    c.cfg.lr = *rc::gen::element(1e-3, 1e-2).as("lr");
    c.cfg.beta1 = *rc::gen::element(0.9, 0.8).as("beta1");
    c.cfg.beta2 = *rc::gen::element(0.999, 0.99).as("beta2");
    c.cfg.eps = *rc::gen::element(1e-8, 1e-6, 1e-4).as("eps");
    c.cfg.weight_decay = *rc::gen::element(0.0, 1e-2, 0.1).as("weight_decay");
  } else {
    c.cfg.lr = *rc::gen::element(1e-4, 1e-3, 1e-2, 0.1).as("lr");
    c.cfg.beta1 = *rc::gen::element(0.9, 0.8).as("beta1");
    c.cfg.beta2 = *rc::gen::element(0.999, 0.99).as("beta2");
    c.cfg.eps = *rc::gen::element(1e-8, 1e-6, 1e-3).as("eps");
    c.cfg.weight_decay = *rc::gen::element(0.0, 1e-2, 0.1).as("weight_decay");
  }
  if (spec.resume_max > 0)
    c.step = *rc::gen::inRange(spec.resume_min, spec.resume_max + 1).as("state.step before");
  const auto seed = *rc::gen::inRange<uint64_t>(0, 1000000).as("seed of the values");
  kt::Generator gen(seed);
  const double scale = spec.small_gradients ? 1e-4 : 1.0;
  c.param = kt::randn(shape, gen).to(dtype);
  if (c.step > 0) {
    c.exp_avg = (kt::randn(shape, gen) * (0.1 * scale)).to(dtype);
    const kt::Tensor r = kt::randn(shape, gen) * scale;
    c.exp_avg_sq = (r * r).to(dtype);
  }
  for (int i = 0; i < steps; ++i) c.grads.push_back((kt::randn(shape, gen) * scale).to(dtype));
  c.values = spec.small_gradients ? "1e-4 * randn (where eps counts)" : "randn";
  return c;
}

Outcome run_adamw_property(uint64_t seed, int cases,
                           const std::function<std::optional<Failure>()>& body) {
  return run_property(seed, cases, body,
                      {"rank of param", "size of axis 0", "size of axis 1", "size of axis 2",
                       // the values are shown; their seed is not the --seed that reruns a case
                       "seed of the values",
                       // shown as "state.step before" with the state's moments
                       "state.step before", "state.step before (0: fresh)"});
}

Called call_learner_on(const Case& c) {
  announce_case(c.describe());  // so a crash or a timeout still names the case
  wire::Writer args;
  args.tensor(c.param);
  args.tensors(c.grads);
  args.tensor(c.exp_avg);
  args.tensor(c.exp_avg_sq);
  args.i64(c.step);
  args.f64(c.cfg.lr);
  args.f64(c.cfg.beta1);
  args.f64(c.cfg.beta2);
  args.f64(c.cfg.eps);
  args.f64(c.cfg.weight_decay);
  Called called;
  remote::call("adamw", args, [&](wire::Reader& r) {
    called.run = r.run();
    called.alias = r.tensor();
    called.exp_avg = r.tensor();
    called.exp_avg_sq = r.tensor();
    called.step = r.i64();
    called.grad_changed = r.boolean();
  });
  return called;
}

Run run_learner(const Case& c) { return call_learner_on(c).run; }

ref::AdamWResult run_reference_state(const Case& c) {
  ref::AdamWResult r{c.param, c.exp_avg, c.exp_avg_sq, c.step};
  for (const kt::Tensor& g : c.grads)
    r = ref::adamw_step(r.param, g, r.exp_avg, r.exp_avg_sq, r.step, c.cfg);
  return r;
}

kt::Tensor run_reference(const Case& c) { return run_reference_state(c).param; }

bool matches(const Case& c, const kt::Tensor& got, const kt::Tensor& expected) {
  return is_float32(c) ? close(got, expected, 1e-5, 1e-6) : close(got, expected, 1e-10, 1e-13);
}

std::string tolerance_text(const Case& c) {
  return is_float32(c) ? "rtol 1e-5, atol 1e-6 in Float32" : "rtol 1e-10, atol 1e-13";
}

bool moment_matches(const Case& c, const kt::Tensor& got, const kt::Tensor& expected, int power) {
  if (!got.defined() || got.sizes() != expected.sizes() || got.dtype() != c.param.dtype())
    return false;
  const double rtol = is_float32(c) ? 1e-5 : 1e-10;
  // The scale a moment's rounding follows: its own values, the gradients it averaged (to the
  // power of the moment) and the moment it started from.
  const auto largest = [](const kt::Tensor& t) {
    return !t.defined() || t.numel() == 0 ? 0.0 : kt::amax(kt::abs(t.to(kt::Float64))).item();
  };
  double scale = largest(expected);
  for (const kt::Tensor& g : c.grads) scale = std::max(scale, std::pow(largest(g), power));
  scale = std::max(scale, largest(power == 1 ? c.exp_avg : c.exp_avg_sq));
  return close(got, expected, rtol, std::max(rtol * scale, 1e-300));
}

const SameShapeKata<Case>& kata() {
  static const SameShapeKata<Case> k{
      .input = [](const Case& c) -> const kt::Tensor& { return c.param; },
      .call = run_learner,
      .call_text = call_text,
      .shape_words =
          [](const Case& c) {
            return "after the calls param must keep its shape " + kt::shape_str(c.param.sizes());
          },
      .dtype_words =
          "keep param's dtype (param.copy_(new_values) writes into param's storage in "
          "its own dtype).",
      .reference = run_reference,
      .matches = matches,
      .tolerance = tolerance_text,
      .float64_from = "param's dtype",
      .diagnose = diagnose_after_shrinking,
      .result_name = "param",
  };
  return k;
}

}  // namespace grader::kata_adamw
