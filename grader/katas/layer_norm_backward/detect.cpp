#include "grader/katas/layer_norm_backward/detect.hpp"

namespace grader::kata_layer_norm_backward {

std::vector<Steps> searched_steps(size_t gradient) {
  std::vector<Steps> all;
  if (gradient == 0) {
    for (const bool mean_term : {true, false})
      for (const bool xhat_term : {true, false})
        for (const bool weight_in_dx : {true, false})
          all.push_back(
              {.mean_term = mean_term, .xhat_term = xhat_term, .weight_in_dx = weight_in_dx});
    return all;
  }
  for (const Steps::Sum sum : {Steps::Sum::Rows, Steps::Sum::Dim0, Steps::Sum::Last})
    for (const bool xhat : {true, false}) {
      if (gradient == 2 && !xhat) continue;  // dbias has no x̂ to leave out
      all.push_back({.dweight_xhat = xhat, .param_sum = sum});
    }
  return all;
}

std::optional<Steps> steps_with(const Case& c, const kt::Tensor& got, const Looked& looked) {
  std::optional<Steps> with;
  for (const Steps& steps : searched_steps(looked.gradient)) {
    const kt::Tensor computed = grads_with_steps(c, steps)[looked.gradient];
    if (!got.defined() || got.sizes() != computed.sizes() || !close_grad(got, computed)) continue;
    if (!looked.makes(steps)) return std::nullopt;  // explained without it
    if (!with) with = steps;
  }
  return with;
}

Outcome detect(uint64_t seed, const std::vector<Looked>& looked, const char* id,
               const std::function<std::string(const Case&, const Steps&, size_t)>& message) {
  return run_lnb_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(detector_spec());
    const Called called = run_learner(c);
    if (!called.run.ok()) return could_not_check(failure_from_call(c, called), id);
    for (const Looked& l : looked) {
      if (l.unless && l.unless(c, called.grads)) continue;
      const auto steps = steps_with(c, called.grads[l.gradient], l);
      if (!steps) continue;
      Failure f = failure(c, called.grads, message(c, *steps, l.gradient));
      f.pitfall = id;
      return f;
    }
    return std::nullopt;
  });
}

}  // namespace grader::kata_layer_norm_backward
