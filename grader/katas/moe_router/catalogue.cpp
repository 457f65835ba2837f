#include "grader/katas/moe_router/catalogue.hpp"

#include <utility>

#include "grader/katas/moe_router/mistakes.hpp"

namespace grader::kata_moe_router {

std::vector<Entry> catalogue() {
  using S = Steps;
  std::vector<Entry> entries;
  const auto add = entry_adder<Steps>(entries, route_with_steps);
  add("softmax_wrong_dim", "the routing with the softmax over the tokens (dim 0)",
      "Take the softmax over the experts: kt::softmax(router_logits, 1).",
      {.softmax = S::Softmax::Tokens});
  add("gate_not_renormalized",
      "the routing with the top-k probabilities as gates, not renormalised",
      "Divide each token's k probabilities by their sum.", {.gate = S::Gate::Probs});
  add("gate_of_logits", "the routing with gates made of the top-k logits over their sum",
      "The gates come from the probabilities (or the softmax of the k chosen logits), never from "
      "raw logits.",
      {.gate = S::Gate::Logits});
  add("experts_unsorted", "the routing with each token's experts listed by id",
      "List them by decreasing probability.", {.order = S::Order::ById});
  add("least_probable_experts", "the routing with each token's k least probable experts",
      "Take the k largest probabilities (sort descending).", {.order = S::Order::Ascending});
  add("experts_least_probable_first",
      "the routing with each token's k most probable experts listed least probable first",
      "List them most probable first, as torch.topk does: column 0 is the token's first choice.",
      {.order = S::Order::Reversed});
  add("ties_higher_id_first", "the routing with ties broken towards the higher expert id",
      "On equal probabilities the lower id comes first (a stable descending sort, or the first "
      "maximum).",
      {.ties_higher_id_first = true});
  add("aux_uses_gate_weights", "the routing with f_e summed from the gates instead of counted",
      "f_e counts the assignments to e, over N * k.", {.fraction = S::Fraction::Gates});
  add("aux_from_logits", "the routing with P_e the mean logit instead of the mean probability",
      "Average probs[:, e] over the tokens.", {.importance = S::Importance::Logits});
  add("aux_times_k",
      "the routing with a loss k times too large (f_e over N, not N * k: Hugging Face's Mixtral "
      "loss)",
      "Divide the counts by N * k, so that the f_e sum to 1.", {.scale = S::Scale::K});
  add("aux_without_num_experts", "the routing with the loss not multiplied by E",
      "Multiply the sum by E: a perfectly balanced router then scores 1.",
      {.scale = S::Scale::One});
  return entries;
}

std::vector<Case> discriminating_cases() {
  kt::Generator gen(20261207);
  const auto make = [&](int64_t n, int64_t e, int64_t k) {
    Case c;
    c.logits = kt::randn({n, e}, gen) * 2.0;
    c.k = k;
    c.values = "fixed";
    return c;
  };
  Case ties;
  ties.logits =
      kt::from_vector(std::vector<double>{1, 2, 2, 0, 0.5, 0.5, 0.5, 0.5, 3, 1, 3, 1}, {3, 4});
  ties.k = 2;
  ties.values = "fixed, with ties";
  return {make(4, 6, 2), make(3, 5, 3), ties};
}

std::vector<Step> expected_steps(const Case& c) {
  const ref::Routing r = run_reference(c);
  const kt::Tensor probs = ref::router_probs(c.logits);
  const int64_t n = c.logits.size(0), e = c.logits.size(1);
  const kt::Tensor top = kt::gather(probs, 1, r.expert_index);
  const kt::Tensor sum = kt::sum(top, 1, true);
  const kt::Tensor importance = kt::mean(probs, 0);
  const kt::Tensor fraction =
      kt::sum(kt::one_hot(r.expert_index.reshape({-1}), e).to(kt::Float64), 0) / double(n * c.k);
  // A step a later one is computed from counts as done another way when the learner skips it:
  // Note [aligning on values].
  return {{"probs = softmax over the experts", probs, -1, {}},
          {"each token's k largest probabilities, most probable first", top, -1, {0}},
          {"their sum per token", sum, -1, {1}},
          {"gate = those probabilities / their sum", r.gate, -1, {1, 2}},
          {"P_e = mean of probs over the tokens", importance, -1, {0}},
          {"f_e = assignments to e / (N * k)", fraction, -1, {}},
          {"aux_loss = E * sum of f_e * P_e", r.aux_loss, -1, {4, 5}}};
}

void diagnose_after_shrinking(Failure& f, const Case& failing) {
  grader::diagnose_after_shrinking<Case>(f, failing, [] {
    Diagnosis<Case> d = diagnosis_over(catalogue());
    d.discriminating_cases = discriminating_cases;
    d.keeps_failing = [](const Case& c) { return c.logits.dtype() == kt::Float64; };
    d.learner = [](const Case& c) { return packed(call_learner_on(c)); };
    d.reference = [](const Case& c) { return packed(run_reference(c)); };
    d.steps = expected_steps;
    d.traced = [](const Case& c) { return call_learner_on(c).aux_loss; };
    d.case_text = [](const Case& c) {
      return "the case router_logits shape = " + kt::shape_str(c.logits.sizes()) +
             ", k = " + std::to_string(c.k);
    };
    return d;
  });
}

}  // namespace grader::kata_moe_router
