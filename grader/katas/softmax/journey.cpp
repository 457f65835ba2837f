#include "grader/katas/softmax/journey.hpp"

namespace grader::kata_softmax {

std::vector<Step> expected_steps(const Case& c) {
  const kt::Tensor x = c.x.to(kt::Float64);
  const int64_t dim = c.axis();
  const std::string along = " along dim " + std::to_string(c.dim) + " (keepdim)";
  const kt::Tensor max = kt::amax(x, dim, /*keepdim=*/true), shifted = x - max;
  const kt::Tensor e = kt::exp(shifted), sum = kt::sum(e, dim, /*keepdim=*/true);
  std::vector<Step> steps;
  steps.push_back({"max" + along, max, -1, {}});
  steps.push_back({"x - max", shifted, -1, {0}});
  steps.push_back({"exp(x - max)", e, -1, {1}});
  steps.push_back({"sum of the exps" + along, sum, -1, {2}});
  steps.push_back({"exp(x - max) / sum", e / sum, -1, {2, 3}});
  return steps;
}

Journey journey(const Case& c) {
  const std::vector<Step> steps = expected_steps(c);
  Run run;
  const LearnerTrace traced = trace_learner_whole([&] { run = run_learner(c); });
  if (!run.ok()) return {};
  return on_case(
      "the case x shape = " + kt::shape_str(c.x.sizes()) + ", dim = " + std::to_string(c.dim),
      journey_text(steps, traced.events, run.out, traced.inputs));
}

}  // namespace grader::kata_softmax
