// Every pitfall of the layer_norm_backward kata alone, and every two together, are named exactly
// (Note [every double named exactly] in grader/tests/doubles/doubles.hpp): the learner's
// kata::layer_norm_backward, written with kt's ops as a learner writes it
// (solutions/layer_norm_backward/worked.cpp), each pitfall a slip as the test bed's known-bad
// files make it. Kept apart from the grader's simulation (mistakes.hpp) on purpose.
#include <catch2/catch.hpp>

#include "grader/tests/doubles/check.hpp"
#include "layer_norm_backward.hpp"

namespace {

doubles::Names on;  // the slips now on

bool slip(const char* id) { return on.count(id) != 0; }

/// Whether dx is written as a staged chain rule (dvar, dmean) rather than in closed form.
bool staged = false;

}  // namespace

namespace kata {

LayerNormGrads layer_norm_backward(const kt::Tensor& x, const kt::Tensor& weight,
                                   const kt::Tensor& dout, double eps) {
  const int64_t d = x.size(-1);
  const kt::Tensor mean = kt::mean(x, -1, true), centred = x - mean;
  const kt::Tensor var = kt::mean(centred * centred, -1, true);
  const kt::Tensor inv = kt::rsqrt(var + eps), xhat = centred * inv;
  const kt::Tensor g = slip("weight_not_in_dx") ? dout : dout * weight;
  kt::Tensor dx;
  if (staged) {
    // dL/dvar and dL/dmean, then the three paths to x.
    const kt::Tensor dvar = kt::sum(g * centred, -1, true) * (-0.5) * inv * inv * inv;
    const kt::Tensor dmean = -kt::sum(g, -1, true) * inv;  // (the var term's share is 0)
    dx = g * inv;
    if (!slip("missing_xhat_term")) dx = dx + dvar * 2.0 * centred / double(d);
    if (!slip("missing_mean_term")) dx = dx + dmean / double(d);
  } else {
    kt::Tensor num = g;
    if (!slip("missing_mean_term")) num = num - kt::mean(g, -1, true);
    if (!slip("missing_xhat_term")) num = num - xhat * kt::mean(g * xhat, -1, true);
    dx = num * inv;
  }
  const auto param_sum = [&](const kt::Tensor& t) {
    return slip("param_grads_wrong_axis") ? kt::sum(t, 0) : kt::sum(t.reshape({-1, d}), 0);
  };
  const kt::Tensor dweight = param_sum(slip("dweight_without_xhat") ? dout : dout * xhat);
  return {dx, dweight, param_sum(dout)};
}

}  // namespace kata

TEST_CASE(
    "layer_norm_backward: no pitfall, every pitfall alone and every two together are named "
    "exactly",
    "[doubles]") {
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, {}};
  doubles::check_named_exactly(kata);
}

TEST_CASE("layer_norm_backward: the same with dx as a staged chain rule", "[doubles]") {
  staged = true;
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, {}};
  doubles::check_named_exactly(kata, "dx as a staged chain rule");
  staged = false;
}
