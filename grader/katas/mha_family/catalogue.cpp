#include "grader/katas/mha_family/catalogue.hpp"

#include <cmath>
#include <vector>

#include "grader/katas/mha_family/journey.hpp"

namespace grader::mha {
namespace {

const char* proj_name(Proj p) {
  switch (p) {
    case Proj::Q:
      return "q";
    case Proj::K:
      return "k";
    case Proj::V:
      return "v";
    case Proj::None:
      break;
  }
  return "none";
}

/// Which of q, k, v `p` is, as a pointer to the Mistakes field that chooses its projection.
Proj Mistakes::*from_field(Proj p) {
  return p == Proj::Q ? &Mistakes::q_from : p == Proj::K ? &Mistakes::k_from : &Mistakes::v_from;
}

}  // namespace

std::vector<MhaEntry> catalogue() {
  const KataCall& call = kata_call();
  std::vector<MhaEntry> out;
  const auto add = [&](std::string id, std::string what, std::string fix, Mistakes m) {
    out.push_back({{std::move(id), std::move(what), std::move(fix)}, m});
  };

  // How the kata names a projection and its use: q_proj, q_proj(x) (modules) or Wq, x @ Wq.
  const auto weight = [&](const std::string& n) {
    return call.linear_modules ? n + "_proj" : "W" + n;
  };
  const auto applied = [&](const std::string& n, const std::string& to) {
    return call.linear_modules ? n + "_proj(" + to + ")" : to + " @ W" + n;
  };

  // Step 1, the projections: q, k and v each made by another projection, or by none.
  for (Proj own : {Proj::Q, Proj::K, Proj::V}) {
    for (Proj from : {Proj::Q, Proj::K, Proj::V, Proj::None}) {
      if (from == own) continue;
      // In a grouped kata q has num_heads * d_head features, k and v num_kv_heads * d_head: only
      // k and v can stand in for each other (x has d_model features, so it stands for q only).
      const bool q_sized = own == Proj::Q, from_q_sized = from == Proj::Q || from == Proj::None;
      if (call.grouped && q_sized != from_q_sized) continue;
      Mistakes m;
      m.*from_field(own) = from;
      const std::string name = proj_name(own);
      if (from == Proj::None) {
        add(name + "_proj_missing",
            "attention with " + name + " = x itself (" + weight(name) + " never applied)",
            "Compute " + name + " as " + applied(name, "x") + " before splitting it into heads.",
            m);
      } else {
        const std::string other = proj_name(from);
        add(name + "_from_" + other + "_proj",
            "attention with " + name + " computed by " + weight(other) + " instead of " +
                weight(name),
            "Compute " + name + " as " + applied(name, "x") +
                " (a copy-paste slip: " + weight(other) + " is used twice).",
            m);
      }
    }
  }
  // Two projections swapped: one slip, not two (q by Wk and k by Wq).
  for (const auto& [a, b] :
       {std::pair{Proj::Q, Proj::K}, std::pair{Proj::Q, Proj::V}, std::pair{Proj::K, Proj::V}}) {
    if (call.grouped && (a == Proj::Q) != (b == Proj::Q)) continue;  // (sizes differ)
    Mistakes m;
    m.*from_field(a) = b;
    m.*from_field(b) = a;
    const std::string x = proj_name(a), y = proj_name(b);
    add(x + "_" + y + "_swapped",
        "attention with " + x + " and " + y + " swapped: " + x + " computed by " + weight(y) +
            " and " + y + " by " + weight(x),
        "Give each its own weight: " + x + " = " + applied(x, "x") + ", " + y + " = " +
            applied(y, "x") + ".",
        m);
  }
  add("out_proj_missing", "attention with the output projection left out",
      "Return " + applied("out", "merged") + ", the output projection of the merged heads " +
          "(B, T, d_model).",
      {.out_proj_missing = true});
  if (call.biases) {
    // (Not k's: q·(k + b) = q·k + q·b adds the same number to every score of a query's row, which
    // the softmax cancels. Leaving k_proj's bias out is not a mistake.)
    for (Proj own : {Proj::Q, Proj::V}) {
      const std::string name = proj_name(own);
      add(name + "_bias_missing", "attention with " + name + "_proj's bias left out",
          "Add " + name + "_proj's bias: " + name + "_proj(x) computes x Wᵀ + b.",
          {.bias_missing = own});
    }
    add("out_bias_missing", "attention with out_proj's bias left out",
        "Add out_proj's bias: out_proj(y) computes y Wᵀ + b.", {.out_bias_missing = true});
  }

  // Step 2, splitting into heads and merging them back.
  add("wrong_head_order", "attention with the heads split as view(B, T, d_head, num_heads)",
      "Split with view(B, T, num_heads, d_head).transpose(1, 2): head h owns features "
      "h*d_head .. (h+1)*d_head - 1.",
      {.split = HeadSplit::Strided});
  add("wrong_head_order",
      "attention with the heads split as view(B, T, d_head, num_heads) (head h takes features h, "
      "h + num_heads, ...) and merged back as (B, T, num_heads, d_head)",
      "Split with view(B, T, num_heads, d_head).transpose(1, 2), the layout the merge undoes: head "
      "h owns features h*d_head .. (h+1)*d_head - 1.",
      {.split = HeadSplit::Strided, .merge_transposed = true});
  add("wrong_head_order",
      "attention with the heads split as view(B, num_heads, T, d_head) and merged back the same "
      "way (no transpose either time)",
      "Split with view(B, T, num_heads, d_head) then transpose(1, 2), and merge with "
      "transpose(1, 2) then contiguous().view(B, T, d_model).",
      {.split = HeadSplit::NoTranspose});
  add("wrong_head_order",
      "attention with the heads split as view(B, num_heads, T, d_head) (no transpose)",
      "Split with view(B, T, num_heads, d_head) then transpose(1, 2).",
      {.split = HeadSplit::NoTranspose, .merge_transposed = true});
  add("merge_without_transpose",
      "attention with the heads merged by reading the (B, num_heads, T, d_head) memory as "
      "(B, T, d_model)",
      "Merge with transpose(1, 2) first, then contiguous().view(B, T, d_model).",
      {.merge_memory_order = true});
  if (call.grouped) {
    add("kv_repeat_tiled",
        "attention with the kv heads tiled (query head h reads kv head h mod "
        "num_kv_heads)",
        "Repeat each kv head for its group in place: kt::repeat_interleave(k, group, 1).",
        {.kv_tiled = true});
    add("kv_features_repeated",
        "attention with k_proj(x) and v_proj(x) repeated along their features before the split "
        "(each feature repeated, so a query head reads a mix of features, not a kv head)",
        "Split k and v into their num_kv_heads heads first, then repeat each head for its group: "
        "kt::repeat_interleave(k, group, 1) on (B, num_kv_heads, T, d_head).",
        {.kv_features_repeated = true});
  }

  // Step 3, the scale of the scores.
  add("scale_missing", "attention with the scores not scaled",
      "Divide q kᵀ by sqrt(d_head) before the softmax.", {.scale_missing = true});
  add("scale_multiplied", "attention with the scores multiplied by sqrt(d_head) (not divided)",
      "Divide q kᵀ by sqrt(d_head), do not multiply.", {.scale_multiplied = true});
  add("scale_by_d_model", "attention with the scores divided by sqrt(d_model)",
      "Divide by sqrt(d_head), the size of one head.", {.scale_by_d_model = true});
  add("scale_by_d_head", "attention with the scores divided by d_head",
      "Divide by sqrt(d_head), not d_head, and once (1/sqrt(d_head) applied twice, to q and k or "
      "to q and the scores, divides by d_head too).",
      {.scale_by_d_head = true});
  add("scale_by_sqrt_num_heads", "attention with the scores divided by sqrt(num_heads)",
      "Divide by sqrt(d_head), the size of one head, not by the number of heads.",
      {.scale_by_sqrt_heads = true});

  // Step 4, the mask (attn_mask overload) and the causal flag.
  add("mask_ignored", "attention with attn_mask ignored",
      "Apply attn_mask: where it is false, fill the scores with kt::finfo(dtype).min before "
      "the softmax.",
      {.mask_use = MaskUse::Ignored});
  add("mask_inverted", "attention with attn_mask's polarity inverted",
      "true in attn_mask means \"may attend\": fill the scores where the mask is false "
      "(masked_fill(~mask, ...)), not where it is true.",
      {.mask_use = MaskUse::Inverted});
  add("mask_transposed", "attention with attn_mask transposed (read as (key, query))",
      "attn_mask[..., i, j] says whether query i may attend to key j: apply it to the "
      "(T_query, T_key) scores as given, without transposing it.",
      {.mask_use = MaskUse::Transposed});
  add("mask_of_first_batch_entry", "attention with batch entry 0's mask used for every entry",
      "Keep attn_mask's batch axis: broadcast the whole (B, ...) mask against the "
      "(B, num_heads, T, T) scores instead of taking mask[0].",
      {.mask_use = MaskUse::FirstEntryForAll});
  add("mask_filled_with_zero",
      "attention with the masked scores set to 0 (a fill with 0, or the scores multiplied by the "
      "mask)",
      "A score of 0 still gets weight exp(0 - max): fill masked scores with "
      "kt::finfo(dtype).min so their weight is 0.",
      {.mask_use = MaskUse::FilledWithZero});
  add("mask_filled_with_max", "attention with the masked scores set to +finfo.max",
      "The fill must be the lowest value, kt::finfo(dtype).min: the largest one gives the masked "
      "keys all of their query's weight.",
      {.mask_use = MaskUse::FilledWithMax});
  add("mask_added_as_numbers",
      "attention with attn_mask added to the scores as numbers (1 where it allows, 0 where it "
      "masks), nothing filled",
      "A Bool mask is no additive mask: fill the masked scores, scores.masked_fill(~attn_mask, "
      "kt::finfo(dtype).min), so that their weight is 0.",
      {.mask_use = MaskUse::AddedAsNumbers});
  add("own_key_always_attended",
      "attention with each query always attending its own key (attn_mask | eye), whatever the "
      "mask says",
      "Apply attn_mask as it is: a key whose entry is false gets kt::finfo(dtype).min, its own "
      "key too. A row with no key then stays finite by itself (uniform weights).",
      {.mask_use = MaskUse::OwnKeyAlways});
  add("mask_after_softmax", "attention with the mask applied after the softmax",
      "Mask the scores before the softmax.", {.mask_after_softmax = true});
  if (call.causal_flag) {
    add("causal_ignored", "attention with the causal flag ignored",
        "With causal = true, let query i attend to keys 0..i only: mask the scores with "
        "kt::tril(kt::ones({T, T}, kt::Bool)).",
        {.causal_mask = CausalMask::Ignored});
    add("causal_always", "attention with the causal mask applied on every call",
        "Apply the causal tril only when causal = true; with causal = false or an attn_mask, "
        "apply exactly what was asked.",
        {.causal_mask = CausalMask::Always});
    for (const auto& [shape, what] :
         {std::pair{CausalMask::Triu, "keys at or after each query (triu for tril)"},
          std::pair{CausalMask::StrictFuture, "keys strictly after each query (triu(1))"},
          std::pair{CausalMask::StrictPast, "keys strictly before each query (tril(-1))"},
          std::pair{CausalMask::OneAhead, "keys up to one after each query (tril(1))"}}) {
      add("causal_mask_flipped", std::string("attention with the causal mask allowing ") + what,
          "Query i may attend to keys 0..i: kt::tril(kt::ones({T, T}, kt::Bool)).",
          {.causal_mask = shape});
    }
    add("masking_missing", "attention with no masking at all (attn_mask and causal both ignored)",
        "Build the allowed positions (attn_mask, or the causal tril when causal = true) and fill "
        "the scores elsewhere with kt::finfo(dtype).min before the softmax.",
        {.mask_use = MaskUse::Ignored, .causal_mask = CausalMask::Ignored});
  }

  // Step 5, the softmax: over each other axis of the (B, num_heads, T, T) scores.
  add("softmax_wrong_dim", "attention with the softmax over the queries (dim 2)",
      "Normalise each query's row: kt::softmax(scores, -1).", {.softmax_over_queries = true});
  add("softmax_over_heads", "attention with the softmax over the heads (dim 1)",
      "Normalise over the keys, the last axis: kt::softmax(scores, -1).", {.softmax_dim = 1});
  add("softmax_over_batch", "attention with the softmax over the batch (dim 0)",
      "Normalise over the keys, the last axis: kt::softmax(scores, -1).", {.softmax_dim = 0});
  add("softmax_without_max",
      "attention with a softmax written by hand, exp(scores) / sum, with no row maximum "
      "subtracted",
      "Use kt::softmax(scores, -1), or subtract each row's maximum (kt::amax(scores, -1, true)) "
      "before exp: exp of a score past 709 is inf (inf / inf = NaN), and a fully masked row of "
      "finfo.min gives 0 / 0.",
      {.softmax_without_max = true});
  add("weights_transposed", "attention with the values mixed by the transposed weights (wᵀ @ v)",
      "Multiply the (T_query, T_key) weights by v as they are: weights @ v, each query's row of "
      "weights mixing the values of its keys.",
      {.weights_transposed = true});

  // Step 6, the batch and the output.
  add("attends_across_batch", "attention over the whole batch as one sequence (without attn_mask)",
      "Keep the batch axis first in q, k and v, (B, num_heads, T, d_head), so that each "
      "sequence attends only to its own tokens.",
      {.batch_mixed = true});
  add("residual_added", "attention plus the input x (a residual connection)",
      "Return " + applied("out", "merged") +
          " alone: the residual belongs to the transformer block, not to attention.",
      {.residual_added = true});
  return out;
}

std::vector<Case> discriminating_cases() {
  const KataCall& call = kata_call();
  kt::Generator gen(20261130);
  Case base;
  base.B = 2;
  base.T = 3;
  base.H = call.grouped ? 4 : 2;
  base.Hkv = 2;
  base.dk = 3;
  base.bias = call.biases;
  const int64_t D = base.D();
  draw_weights(base, gen, 0.5);
  std::vector<Case> cases;
  for (int which = 0; which < 3; ++which) {
    Case c = base;
    // The lengths and the batch differ from case to case (T = 3, 4, 5; B = 2, 2, 3): a scale read
    // from T or B equals one of the sizes the catalogue's scales read (d_head = 3, num_heads = 2)
    // on one case at most, so it matches none of them on all three.
    c.T = 3 + which;
    c.B = which == 2 ? 3 : 2;
    c.x = kt::randn({c.B, c.T, D}, gen) * 2.0;
    if (which == 0) {
      // Per entry and per head, asymmetric; every query keeps a key (no fully masked row), its
      // own or another (own_key_always_attended).
      std::vector<bool> next(size_t(c.T * c.T), false);  // query i keeps key i + 1 (mod T)
      for (int64_t i = 0; i < c.T; ++i) next[size_t(i * c.T + (i + 1) % c.T)] = true;
      const kt::Tensor kept = kt::from_vector(next, {c.T, c.T});
      c.mask = (kt::rand({c.B, c.H, c.T, c.T}, gen) < 0.5) | kept;
      c.mask_text = "Bool " + kt::shape_str(c.mask.sizes());
    }
    c.causal = which == 1;
    cases.push_back(std::move(c));
  }
  // Scores in the thousands: a softmax without its maximum overflows there (exp past 709), and
  // nowhere on the three above.
  Case large = cases.back();
  large.x = large.x * 30.0;
  cases.push_back(std::move(large));
  return cases;
}

kt::Tensor catalogue_output(const Case& c, const Mistakes& mistakes) {
  if (kata_call().causal_flag || !c.causal) return run_mistakes(c, mistakes);
  Case as_called = c;
  const kt::Tensor tril = kt::tril(kt::ones({c.T, c.T}, kt::Bool));
  as_called.mask = c.mask.defined() ? (c.mask & tril) : tril;
  as_called.causal = false;
  return run_mistakes(as_called, mistakes);
}

void diagnose_after_shrinking(Failure& f, const Case& failing) {
  grader::diagnose_after_shrinking<Case>(f, failing, [] {
    const std::vector<MhaEntry> all = catalogue();
    Diagnosis<Case> d = diagnosis_over<Case>(
        all, [](const MhaEntry& e, const Case& c) { return catalogue_output(c, e.mistakes); });
    d.computes_pair = [all](size_t a, size_t b, const Case& c) {
      const std::optional<Mistakes> both = together(all[a].mistakes, all[b].mistakes);
      return both ? catalogue_output(c, *both) : kt::Tensor();
    };
    d.discriminating_cases = discriminating_cases;
    d.learner = [](const Case& c) {
      const Run run = run_learner(c);
      return shape_ok(c, run) ? run.out : kt::Tensor();
    };
    d.reference = [](const Case& c) { return run_reference(c); };
    d.journey = journey;
    d.attention_map = attention_map;
    return d;
  });
}

}  // namespace grader::mha
