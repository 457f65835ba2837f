#include "grader/katas/sampling/catalogue.hpp"

#include <utility>

#include "grader/katas/sampling/mistakes.hpp"

namespace grader::kata_sampling {
namespace {

Walk with(const Case& c, const Steps& steps) {
  return walk_with_steps(c.logits, c.temperature, c.top_k, c.top_p, steps);
}

std::string case_text(const Case& c) {
  return "the fixed case of V = " + std::to_string(c.logits.numel()) + " logits " +
         values_text(c.logits) + ", temperature " + number(c.temperature) + ", top_k " +
         std::to_string(c.top_k) + ", top_p " + number(c.top_p) + ", " + std::to_string(c.calls) +
         " calls sharing kt::Generator gen(" + std::to_string(c.gen_seed) + ")";
}

}  // namespace

std::vector<Entry> catalogue() {
  using S = Steps;
  std::vector<Entry> entries;
  const auto add = entry_adder<Steps>(entries, with);
  add("temperature_after_softmax",
      "the draws of a sampler whose temperature divides the probabilities (renormalised: no "
      "effect)",
      "Divide the logits by the temperature, before the softmax.",
      {.temperature = S::Temperature::SoftmaxRenormalised});
  add("temperature_zero_not_greedy",
      "the draws at temperature 0 of a sampler that samples as if it were 1",
      "Temperature 0 is greedy: return the first index of the largest logit and draw nothing.",
      {.zero = S::Zero::AsOne});
  add("top_p_excludes_crossing_token",
      "the draws of a sampler whose nucleus stops before the token that reaches top_p",
      "Keep adding tokens while the sum so far is < top_p: the crossing token belongs to the "
      "nucleus.",
      {.nucleus = S::Nucleus::ExcludesCrossing});
  add("not_renormalized",
      "the draws of a sampler that walks the kept tokens with probabilities computed over all V",
      "Renormalise after filtering: p = softmax over the kept tokens alone.",
      {.renormalise = S::Renormalise::OverAll});
  add("top_p_before_temperature",
      "the draws of a sampler whose nucleus is chosen from softmax(logits), before the "
      "temperature",
      "Temperature first, then top-k, then top-p: the nucleus comes from softmax(logits / T).",
      {.nucleus_from = S::NucleusFrom::KeptLogits});
  add("temperature_multiplied",
      "the draws of a sampler that multiplies the logits by the temperature",
      "Divide: scores = logits / temperature (a temperature below 1 sharpens p).",
      {.temperature = S::Temperature::Multiplied});
  add("temperature_squared",
      "the draws of a sampler that divides the logits by the temperature twice (logits / T^2)",
      "Divide once: scores = logits / temperature, then the softmax of the scores.",
      {.temperature = S::Temperature::Squared});
  add("greedy_last_on_ties",
      "the last index of the largest logit at temperature 0, where several tie",
      "On ties take the lowest index, as torch.argmax does: compare with >, not >=.",
      {.zero = S::Zero::GreedyLastOnTies});
  add("top_k_drops_ties",
      "the draws of a sampler whose top-k keeps exactly k tokens, cutting through tied scores",
      "Keep every token whose score is >= the k-th largest: tokens tied with it stay.",
      {.top_k = S::TopK::Exactly});
  add("top_k_strict",
      "the draws of a sampler whose top-k keeps the scores above the k-th largest (the k-th and "
      "its ties dropped)",
      "Keep every score >= the k-th largest: the k-th itself is one of the top k.",
      {.top_k = S::TopK::Strict});
  add("top_k_keeps_one_more",
      "the draws of a sampler whose top-k keeps the k + 1 largest scores (the threshold read at "
      "index k of the scores sorted in decreasing order)",
      "The k-th largest score is at index k - 1 of the scores sorted in decreasing order: keep "
      "every score >= that one.",
      {.top_k = S::TopK::OneMore});
  add("top_k_counts_values_once",
      "the draws of a sampler whose top-k threshold is the k-th largest distinct score (a value "
      "that repeats counted once)",
      "The k-th largest counts repeats, as torch.topk does: with scores [2, 2, 1] and k = 2 the "
      "threshold is 2, and the 1 is dropped.",
      {.top_k = S::TopK::Distinct});
  add("top_p_ignores_top_k",
      "the draws of a sampler whose nucleus sums probabilities over all V tokens, not over the "
      "ones top-k kept (top-p applied before top-k comes to the same)",
      "Top-k first, then top-p on the softmax of the tokens top-k kept.",
      {.nucleus_from = S::NucleusFrom::AllScores});
  add("nucleus_least_probable",
      "the draws of a sampler whose nucleus is taken from the least probable token up",
      "Sort by probability descending: the nucleus is the most probable tokens.",
      {.nucleus = S::Nucleus::LeastProbable});
  add("nucleus_in_index_order",
      "the draws of a sampler whose nucleus sums the tokens in vocabulary order, not from the most "
      "probable down",
      "Sort the tokens top-k kept by probability, highest first (the lower index first on ties), "
      "and keep that prefix up to the token whose sum reaches top_p.",
      {.nucleus = S::Nucleus::IndexOrder});
  add("walks_sorted_order", "the draws of a sampler that walks the kept tokens most probable first",
      "Walk the kept tokens in increasing index: the statement fixes that order, so the draws "
      "can be replayed (the distribution is the same either way).",
      {.order = S::Order::Sorted});
  add("filters_ignored", "the draws of a sampler that ignores top_k and top_p",
      "Apply top-k, then top-p, before the draw.", {.filters_ignored = true});
  return entries;
}

std::vector<Case> discriminating_cases() {
  const auto make = [](std::vector<double> logits, double t, int64_t k, double p, uint64_t seed,
                       int64_t calls) {
    Case c;
    c.logits = kt::from_vector(logits, {int64_t(logits.size())});
    c.temperature = t;
    c.top_k = k;
    c.top_p = p;
    c.gen_seed = seed;
    c.calls = calls;
    c.values = "fixed";
    return c;
  };
  return {make({1.5, -0.25, 0.75, 2.0, 0.75, -1.0, 0.5, 1.25}, 0.5, 4, 0.76, 11, 40),
          make({0.25, 1.0, -0.5, 0.625, 1.5, -2.0, 0.875}, 2.0, 0, 0.7, 12, 40),
          make({0.5, 2.25, -1.0, 2.25, 1.0, 2.25}, 0.0, 3, 0.9, 13, 4),
          make({0.5, 1.75, 1.0, 1.0, -0.5, 0.25}, 1.3, 2, 1.0, 14, 40),
          make({-0.5, 1.25, 0.375, -1.5, 0.875, 0.0}, 0.8, 0, 1.0, 15, 40),
          // Top-k with no tie at its cut: keeping one more token shows.
          make({0.25, 1.125, -0.75, 0.875, 0.0, -0.25}, 1.0, 2, 1.0, 16, 40),
          // The 2nd largest score twice, top_k = 3: counting the repeat once keeps a fourth token
          // (the strict cut still keeps one).
          make({1.5, 1.0, 1.0, 0.25, 0.625, -0.5}, 1.0, 3, 1.0, 17, 40)};
}

kt::Tensor outcome(const Case& c, const Walk& walk) {
  const std::vector<int64_t> tokens = walk.tokens(uniforms(c));
  std::vector<double> out(tokens.begin(), tokens.end());
  out.push_back(walk.draws ? double(c.calls) : 0.0);
  return kt::from_vector(out, {c.calls + 1});
}

kt::Tensor learner_outcome(const Case& c) {
  const Called called = call_learner_on(c);
  if (!called.run.ok()) return {};
  std::vector<double> out(called.tokens.begin(), called.tokens.end());
  out.push_back(double(called.draws));
  return kt::from_vector(out, {int64_t(out.size())});
}

void diagnose_after_shrinking(Failure& f, const Case& failing) {
  grader::diagnose_after_shrinking<Case>(f, failing, [failing] {
    Diagnosis<Case> d = diagnosis_over<Case>(
        catalogue(), [](const Entry& e, const Case& c) { return outcome(c, e.computes(c)); });
    d.discriminating_cases = discriminating_cases;
    d.keeps_failing = [](const Case& c) { return c.logits.dtype() == kt::Float64; };
    d.learner = learner_outcome;
    d.reference = [](const Case& c) { return outcome(c, reference_walk(c)); };
    // Code whose calls take another count of numbers from gen than the statement's (kt's default
    // generator, a second draw) depends on earlier calls through that generator's state: the
    // check's message says so, and the fresh-process diagnosis would only say it again, on some
    // seeds and not others.
    {
      const Called called = call_learner_on(failing);
      d.fresh_process =
          !called.run.ok() || called.draws == (failing.temperature == 0 ? 0 : failing.calls);
    }
    d.wrong = [](const Case& c, const kt::Tensor& got, const kt::Tensor&) {
      if (!got.defined()) return true;
      const std::vector<double> g = got.to_vector<double>();
      const std::vector<int64_t> tokens(g.begin(), g.end() - 1);
      return !explains(c, reference_walk(c), tokens, int64_t(g.back()));
    };
    // The failing case's first wrong draw is in the check's own message: the journey is of a
    // fixed case like it (greedy or not, with no filter it does not use), or nothing: another
    // fixed case may show another mistake than the check's.
    d.journey = [failing](const Case& c) -> Journey {
      if (c.values != "fixed" || (c.temperature == 0) != (failing.temperature == 0) ||
          (failing.top_k == 0 && c.top_k != 0) || (failing.top_p == 1 && c.top_p != 1))
        return {};
      const Called called = call_learner_on(c);
      if (!called.run.ok()) return {};
      const int64_t at = first_difference(c, called.tokens);
      if (at < 0) return {};
      const int64_t want = c.temperature == 0 ? 0 : c.calls;
      Journey j;
      j.step = "call " + std::to_string(at + 1) + " of the fixed case with gen(" +
               std::to_string(c.gen_seed) + ")";
      j.text = "On " + case_text(c) + " (another case your code gets wrong):\n" +
               explain_draw(c, size_t(at), token_at(called.tokens, at)) +
               (called.draws == want
                    ? ""
                    : " Your calls there took " +
                          (called.draws < 0 ? std::string("more") : std::to_string(called.draws)) +
                          " numbers from gen, not " + std::to_string(want) +
                          ", so from some call on their draws are not the "
                          "statement's.");
      return j;
    };
    return d;
  });
}

}  // namespace grader::kata_sampling
