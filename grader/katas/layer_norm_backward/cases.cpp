#include "grader/katas/layer_norm_backward/cases.hpp"

#include <rapidcheck.h>

#include <sstream>

#include "grader/katas/layer_norm_backward/catalogue.hpp"
#include "grader/lib/remote.hpp"
#include "grader/lib/words.hpp"
#include "reference/layer_norm_backward/layer_norm_backward.hpp"

namespace grader::kata_layer_norm_backward {

Spec detector_spec() {
  return {.shape = {.rank_min = 3,
                    .rank_max = 4,
                    .size_min = 2,
                    .size_max = 3,
                    .d_min = 3,
                    .d_max = 6,
                    .d_min_last = true}};
}

std::vector<std::pair<std::string, std::string>> Case::describe() const {
  return {{"x shape", kt::shape_str(x.sizes())},
          {"eps", number_text(eps)},
          {"x", values_text(x)},
          {"weight", values_text(weight)},
          {"dout", values_text(dout)}};
}

Case generate(const Spec& spec) {
  const kt::Shape shape = draw_rows_shape(spec.shape);  // D = d_min last in shrinking order
  Case c;
  c.eps = *rc::gen::element(1e-5, 0.1).as("eps");
  const auto seed = *rc::gen::inRange<uint64_t>(0, 1000000).as("seed of the values");
  kt::Generator gen(seed);
  kt::Shape rows = shape;
  rows.back() = 1;
  c.x = kt::randn(shape, gen) * 2.0 + (kt::rand(rows, gen) * 2.0 - 1.0);
  c.weight = spec.constant_weight ? kt::full({shape.back()}, kt::randn({}, gen).item() + 1.5)
                                  : kt::randn({shape.back()}, gen) + 1.0;
  c.dout = kt::randn(shape, gen);
  return c;
}

Outcome run_lnb_property(uint64_t seed, int cases,
                         const std::function<std::optional<Failure>()>& body) {
  return run_property(seed, cases, body,
                      {"rank of x", "size of axis 0", "size of axis 1", "size of axis 2",
                       "D (the last axis)", "seed of the values", kWrongSizeDraw});
}

Called run_learner(const Case& c) {
  announce_case(c.describe());
  wire::Writer args;
  args.tensors({c.x, c.weight, c.dout});
  args.f64(c.eps);
  Called called;
  remote::call("layer_norm_backward", args, [&](wire::Reader& r) {
    called.run = r.run();
    const std::vector<kt::Tensor> g = r.tensors();
    if (g.size() != 3) throw wire::Malformed("not three gradients");
    called.grads = {g[0], g[1], g[2]};
    for (const char* name : {"x", "weight", "dout"})
      if (r.boolean()) called.changed.emplace_back(name);
  });
  if (called.run.returned_undefined) {
    std::string undefined;
    for (size_t w = 0; w < 3; ++w)
      if (!called.grads[w].defined())
        undefined += (undefined.empty() ? "" : ", ") + std::string(Grads::kNames[w]);
    called.run.error = "returned LayerNormGrads with " + undefined +
                       " undefined (a default-constructed kt::Tensor): every gradient must be set";
  }
  return called;
}

Grads run_reference(const Case& c) {
  const ref::LayerNormGrads g = ref::layer_norm_backward(c.x, c.weight, c.dout, c.eps);
  return {g.dx, g.dweight, g.dbias};
}

std::string shapes_wrong(const Case& c, const Grads& g) {
  const kt::Shape want[3] = {c.x.sizes(), {c.x.size(-1)}, {c.x.size(-1)}};
  std::string wrong;
  for (size_t w = 0; w < 3; ++w) {
    std::string what;
    if (!g[w].defined()) {
      what = std::string(Grads::kNames[w]) + " is undefined";
    } else if (g[w].sizes() != want[w]) {
      what = std::string(Grads::kNames[w]) + " has shape " + kt::shape_str(g[w].sizes()) +
             "; it must be " + kt::shape_str(want[w]);
    } else if (g[w].dtype() != kt::Float64) {
      what = std::string(Grads::kNames[w]) + " is " + std::string(kt::dtype_name(g[w].dtype())) +
             "; it must be Float64";
    }
    if (!what.empty()) wrong += (wrong.empty() ? "" : "; ") + what;
  }
  return wrong;
}

bool close_grad(const kt::Tensor& got, const kt::Tensor& expected) {
  if (!got.defined() || got.sizes() != expected.sizes()) return false;
  const double scale = expected.numel() == 0 ? 0.0 : kt::amax(kt::abs(expected)).item();
  return close(got, expected, 1e-9, 1e-11 * (1.0 + scale));
}

std::string differing(const Grads& got, const Grads& expected) {
  std::vector<std::string> names;
  for (size_t w = 0; w < 3; ++w)
    if (!close_grad(got[w], expected[w])) names.emplace_back(Grads::kNames[w]);
  return and_list(names);
}

Failure failure(const Case& c, const Grads& got, std::string message) {
  Failure f;
  f.message = std::move(message);
  f.counterexample = c.describe();
  const Grads expected = run_reference(c);
  // The first differing gradient's worst row (the others are named in the message).
  for (size_t w = 0; w < 3; ++w) {
    if (close_grad(got[w], expected[w])) continue;
    show_worst_row(got[w], expected[w], f, Grads::kNames[w]);
    break;
  }
  return f;
}

Failure failure_from_call(const Case& c, const Called& called) {
  if (!called.run.ok() && !called.run.returned_undefined) {
    Failure f = failure_from_throw(called.run, "layer_norm_backward(x, weight, dout, eps)");
    f.counterexample = c.describe();
    return f;
  }
  Failure f;
  f.message = shapes_wrong(c, called.grads) + ".";
  f.counterexample = c.describe();
  f.wrong = Wrong::Shape;
  diagnose_after_shrinking(f, c);
  return f;
}

}  // namespace grader::kata_layer_norm_backward
