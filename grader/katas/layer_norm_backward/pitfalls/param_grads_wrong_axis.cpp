// Detector of param_grads_wrong_axis: dweight or dbias summed over dim 0 only, or over the last
// axis, instead of over every row.
#include "grader/katas/layer_norm_backward/detect.hpp"

namespace grader::kata_layer_norm_backward {
namespace {

bool wrong_sum(const Steps& s) { return s.param_sum != Steps::Sum::Rows; }

Outcome check_param_grads_wrong_axis(uint64_t seed) {
  return detect(seed, {{1, wrong_sum}, {2, wrong_sum}}, "param_grads_wrong_axis",
                [](const Case& c, const Steps& s, size_t gradient) {
                  const std::string name = gradient == 1 ? "dweight" : "dbias";
                  const std::string over = s.param_sum == Steps::Sum::Dim0
                                               ? "over dim 0 alone"
                                               : "over the last axis (the features)";
                  kt::Shape leading = c.x.sizes();
                  leading.pop_back();
                  return name + " is summed " + over + ", not over every row: weight and bias " +
                         "are shared by all the " + kt::shape_str(leading) +
                         " rows, so their gradients add up every row's contribution and keep " +
                         "the feature axis: shape [D] = [" + std::to_string(c.x.size(-1)) +
                         "]. Flatten the leading axes and sum over them: kt::sum(t.reshape({-1, " +
                         "D}), 0).";
                });
}

const Registrar registered_param_grads_wrong_axis({"pitfall_param_grads_wrong_axis",
                                                   "dweight and dbias are summed over every row",
                                                   check_param_grads_wrong_axis});

}  // namespace
}  // namespace grader::kata_layer_norm_backward
