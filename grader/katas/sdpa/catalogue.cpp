#include "grader/katas/sdpa/catalogue.hpp"

#include <utility>

#include "grader/katas/sdpa/journey.hpp"

namespace grader::kata_sdpa {

std::vector<SdpaEntry> catalogue() {
  std::vector<SdpaEntry> entries;
  const auto add = [&](const char* id, const char* what, const char* fix, Mistakes m) {
    entries.push_back({{id, what, fix}, m});
  };
  // The scores' scale.
  add("missing_scale", "attention with the scores not scaled at all",
      "Divide q kᵀ by √d_k (q.size(-1)).", {.scale = Scale::None});
  add("scale_by_d_k", "attention with the scores divided by d_k instead of √d_k",
      "Divide by std::sqrt(d_k), once (1/√d_k applied twice, to q and k or to q and the scores, "
      "divides by d_k too).",
      {.scale = Scale::Dk});
  add("scale_by_d_v", "attention with the scores divided by √d_v (v's width) instead of √d_k",
      "The scale comes from the width of q and k: q.size(-1).", {.scale = Scale::SqrtDv});
  add("scale_multiplied", "attention with the scores multiplied by √d_k instead of divided",
      "Divide q kᵀ by √d_k.", {.scale = Scale::TimesSqrtDk});
  add("scale_by_sqrt_t_k",
      "attention with the scores divided by √T_k (the number of keys) instead of √d_k",
      "The scale is √ of the width of q and k, q.size(-1), not of the number of keys.",
      {.scale = Scale::SqrtTk});
  add("scores_ignored",
      "uniform weights over the keys each query may see: the mean of their values, as if every "
      "score were equal",
      "Compute the weights from the scores: softmax(q kᵀ / √d_k, masked).", {.scale = Scale::Zero});
  // The mask.
  add("mask_ignored", "attention with attn_mask ignored (is_causal applied)",
      "Apply attn_mask: a key whose entry is false gets a score of kt::finfo(dtype).min before "
      "the softmax.",
      {.mask_ignored = true});
  add("mask_polarity_inverted", "attention with attn_mask's true read as \"masked\"",
      "In this API (PyTorch's boolean attn_mask) true means \"may attend\": mask where the entry "
      "is false.",
      {.mask_inverted = true});
  add("mask_after_softmax",
      "attention with the masked weights set to 0 after a softmax over every key",
      "Mask the scores before the softmax, so each row is normalised over the keys it may see.",
      {.mask_after_softmax = true});
  add("mask_multiplies_scores",
      "attention with the scores multiplied by the mask (a masked key's score becomes 0, which "
      "still gets weight after the softmax)",
      "A score of 0 is not masked: fill the masked scores with kt::finfo(dtype).min "
      "(masked_fill) before the softmax.",
      {.mask_multiplies = true});
  add("mask_added_as_numbers",
      "attention with attn_mask added to the scores as numbers (1 where it allows, 0 where it "
      "masks), nothing filled",
      "A Bool mask is no additive mask: fill the masked scores, scores.masked_fill(~attn_mask, "
      "kt::finfo(dtype).min), so that their weight is 0.",
      {.mask_added = true});
  add("mask_transposed",
      "attention with attn_mask transposed (read as (T_k, T_q)), and an error where T_q != T_k",
      "attn_mask has the scores' shape (…, T_q, T_k): row i is query i. Use it as it is.",
      {.mask_transposed = true});
  // Causality.
  add("causal_ignored", "attention with is_causal ignored (attn_mask applied)",
      "With is_causal, query i (at position T_k - T_q + i) may attend keys up to that position: "
      "tril(ones(T_q, T_k), T_k - T_q).",
      {.causal_ignored = true});
  add("causal_only_without_mask",
      "attention that applies is_causal only when there is no attn_mask (with both, the mask "
      "alone)",
      "With both, a key must pass both: combine them with &, not else-if.",
      {.causal_ignored_with_mask = true});
  add("mask_only_without_causal",
      "attention that applies attn_mask only when is_causal is false (with both, the causal "
      "triangle alone)",
      "With both, a key must pass both: combine them with &, not else-if.",
      {.mask_ignored_with_causal = true});
  add("masks_combined_with_or",
      "attention with attn_mask and the causal triangle combined with OR (with both, a key "
      "either allows is seen)",
      "A key may be attended only if both allow it: allowed = causal & attn_mask.",
      {.masks_or = true});
  add("masking_ignored", "attention with no masking at all (neither attn_mask nor is_causal)",
      "Apply attn_mask and is_causal to the scores before the softmax.",
      {.causal_ignored = true, .mask_ignored = true});
  add("causal_top_left",
      "attention with the causal triangle aligned top-left (tril(ones(T_q, T_k)))",
      "Align it bottom-right like PyTorch: tril(ones(T_q, T_k), T_k - T_q), so the last query "
      "sees every key.",
      {.causal_top_left = true});
  add("causal_flipped",
      "attention with the causal triangle flipped (triu): each query sees the "
      "future instead of the past",
      "Use kt::tril, which keeps the keys at or before the query's position.",
      {.causal_upper = true});
  add("causal_mask_transposed",
      "attention with the causal triangle upper and aligned top-left (triu(ones(T_q, T_k)), what "
      "tril(ones(T_k, T_q)) transposed gives): each query sees its own position and the keys "
      "after it",
      "Build the mask in the scores' shape, (T_q, T_k), with no transpose: tril(ones(T_q, T_k), "
      "T_k - T_q).",
      {.causal_top_left = true, .causal_upper = true});
  add("causal_hides_diagonal",
      "attention with the causal triangle one step too low: each query cannot see its own position",
      "The diagonal is allowed: tril(ones(T_q, T_k), T_k - T_q), not T_k - T_q - 1.",
      {.causal_hides_diagonal = true});
  add("causal_sees_next_key",
      "attention with the causal triangle one step too high: each query also sees the key after "
      "its own position",
      "Query i sits at position T_k - T_q + i and may see keys up to it: tril(ones(T_q, T_k), "
      "T_k - T_q), not T_k - T_q + 1.",
      {.causal_sees_next_key = true});
  // The softmax's axis.
  add("softmax_wrong_dim", "attention with the softmax over the queries (axis -2)",
      "The weights of one query sum to 1 over the keys: softmax over the last axis (-1).",
      {.softmax_axis = -2});
  add("softmax_wrong_dim", "attention with the softmax over a leading (batch) axis",
      "The weights of one query sum to 1 over the keys: softmax over the last axis (-1), "
      "whatever the number of leading axes.",
      {.softmax_axis = -3});
  add("softmax_without_max",
      "attention with a softmax written by hand, exp(scores) / sum, with no row maximum "
      "subtracted",
      "Use kt::softmax(scores, -1), or subtract each row's maximum (kt::amax(scores, -1, true)) "
      "before exp: exp of a score past 709 is inf (inf / inf = NaN), and a query with only "
      "masked scores (finfo.min) gives 0 / 0.",
      {.softmax_without_max = true});
  // What the weights multiply.
  add("values_from_keys", "the weights applied to k instead of v (the keys averaged)",
      "The output is weights @ v.", {.values_from_keys = true});
  add("returns_weights", "the attention weights themselves, without the matmul with v",
      "Return weights @ v, of shape (…, T_q, d_v).", {.returns_weights = true});
  add("scale_after_softmax",
      "attention with the 1/√d_k applied to the weights after the softmax instead of to the "
      "scores before it (each row of weights then sums to 1/√d_k)",
      "Scale the scores, not the weights: softmax(q kᵀ / √d_k) @ v.",
      {.scale = Scale::None, .values_scaled = true});
  add("values_scaled", "attention with the values divided by √d_k as well as the scores",
      "Only the scores are scaled: out = weights @ v, with v as it is.", {.values_scaled = true});
  return entries;
}

std::vector<Case> discriminating_cases() {
  kt::Generator gen(20261130);
  struct Shape {
    int64_t tq, tk, dk, dv;
    bool mask, causal;
  };
  const Shape shapes[] = {{2, 4, 2, 3, true, true},
                          {3, 3, 3, 2, true, false},
                          {3, 5, 4, 2, false, true},
                          {4, 2, 2, 2, false, false}};
  std::vector<Case> cases;
  for (const Shape& s : shapes) {
    Case c;
    c.q = kt::randn({2, s.tq, s.dk}, gen) * 1.5;
    c.k = kt::randn({2, s.tk, s.dk}, gen) * 1.5;
    c.v = kt::randn({2, s.tk, s.dv}, gen);
    c.causal = s.causal;
    if (s.mask) {
      // Every query keeps the key at its own (bottom-right aligned) position: none is left
      // without a key, with or without causality.
      const kt::Tensor ones = kt::ones({s.tq, s.tk}, kt::Bool);
      const kt::Tensor own = kt::tril(ones, s.tk - s.tq) & ~kt::tril(ones, s.tk - s.tq - 1);
      c.mask = (kt::rand({2, s.tq, s.tk}, gen) < 0.5) | own;
    }
    cases.push_back(std::move(c));
  }
  // Scores in the thousands: a softmax without its maximum overflows there (exp past 709), and
  // nowhere on the four above.
  Case large = cases[1];
  large.q = large.q * 30.0;
  large.k = large.k * 30.0;
  cases.push_back(std::move(large));
  return cases;
}

void diagnose_after_shrinking(Failure& f, const Case& failing) {
  grader::diagnose_after_shrinking<Case>(f, failing, [] {
    const std::vector<SdpaEntry> all = catalogue();
    Diagnosis<Case> d = diagnosis_over<Case>(
        all, [](const SdpaEntry& e, const Case& c) { return sdpa_with_mistakes(c, e.mistakes); });
    d.computes_pair = [all](size_t a, size_t b, const Case& c) {
      const std::optional<Mistakes> both = together(all[a].mistakes, all[b].mistakes);
      return both ? sdpa_with_mistakes(c, *both) : kt::Tensor();
    };
    d.discriminating_cases = discriminating_cases;
    d.learner = [](const Case& c) {
      const Run run = run_learner(c);
      return run.ok() ? run.out : kt::Tensor();
    };
    d.matches_errors = true;
    d.reference = [](const Case& c) { return run_reference(c); };
    d.journey = journey;
    d.wrong = [](const Case& c, const kt::Tensor& got, const kt::Tensor&) {
      return !matches(c, got);
    };
    d.attention_map = attention_map;
    return d;
  });
}

}  // namespace grader::kata_sdpa
