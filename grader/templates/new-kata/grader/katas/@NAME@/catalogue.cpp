#include "grader/katas/@NAME@/catalogue.hpp"

namespace grader::kata_@NAME@ {

std::vector<Entry> catalogue() {
  std::vector<Entry> entries;
  const auto add = entry_adder(entries);
  add("returns_input", "x itself", "Compute exp(x - max) / sum along the last axis.",
      [](const Case& c) { return c.x.to(kt::Float64); });
  add("no_normalisation", "exp(x - max) without the division by the sum",
      "Divide by the sum along the last axis (keepdim) so each row sums to 1.",
      [](const Case& c) {
        const kt::Tensor x = c.x.to(kt::Float64);
        return kt::exp(x - kt::amax(x, -1, true));
      });
  add("softmax_over_first_axis", "the softmax along the first axis",
      "Normalise along the last axis: every reduction takes dim -1.", [](const Case& c) {
        const kt::Tensor x = c.x.to(kt::Float64);
        const kt::Tensor e = kt::exp(x - kt::amax(x, 0, true));
        return e / kt::sum(e, 0, true);
      });
  return entries;
}

std::vector<Case> discriminating_cases() {
  kt::Generator gen(20261202);
  return {{kt::randn({3, 4}, gen) * 2.0}, {kt::randn({2, 3, 5}, gen) * 2.0}};
}

std::vector<Step> expected_steps(const Case& c) {
  const kt::Tensor x = c.x.to(kt::Float64);
  const kt::Tensor max = kt::amax(x, -1, true), e = kt::exp(x - max);
  const kt::Tensor sum = kt::sum(e, -1, true);
  return {{"max along the last axis (keepdim)", max, -1, {}},
          {"x - max", x - max, -1, {0}},
          {"exp(x - max)", e, -1, {1}},
          {"sum of the exps (keepdim)", sum, -1, {2}},
          {"exp(x - max) / sum", e / sum, -1, {2, 3}}};
}

void diagnose_after_shrinking(Failure& f, const Case& failing) {
  grader::diagnose_after_shrinking<Case>(f, failing, [] {
    Diagnosis<Case> d = diagnosis_over(catalogue());
    d.discriminating_cases = discriminating_cases;
    d.learner = [](const Case& c) { return run_learner(c).out; };
    d.reference = run_reference;
    d.steps = expected_steps;
    d.case_text = [](const Case& c) { return "the case x shape = " + kt::shape_str(c.x.sizes()); };
    return d;
  });
}

}  // namespace grader::kata_@NAME@
