#include "grader/katas/kv_cache/catalogue.hpp"

#include <utility>

namespace grader::kata_kv_cache {

std::vector<KvEntry> catalogue() {
  std::vector<KvEntry> entries;
  const auto add = [&](const char* id, const char* what, const char* fix, Mistakes m) {
    entries.push_back({{id, what, fix}, m});
  };
  add("cache_not_appended",
      "decoding where each call attends to the keys cached before it only, not to its own",
      "Append the new keys and values first, then attend over the whole cache.",
      {.not_appended = true});
  add("causal_top_left", "decoding with each call's causal mask aligned top-left (key j <= i)",
      "New token i sits at position L + i: allow keys j <= L + i (tril with diagonal L).",
      {.top_left = true});
  add("rope_positions_restart", "decoding with every call's q and k rotated from position 0",
      "Rotate from cache.length(), read before appending.", {.positions_restart = true});
  add("mask_sees_next_token",
      "decoding with a mask that lets new token i see one token past itself (j <= L + i + 1)",
      "Allow keys j <= L + i: the diagonal of tril is L, not L + 1.", {.mask_shift = 1});
  add("mask_hides_own_token", "decoding with a mask that hides each token's own key (j < L + i)",
      "Allow keys j <= L + i: a token attends to itself (tril with diagonal L, not L - 1).",
      {.mask_shift = -1});
  add("no_causal_mask", "attention with no causal mask (every token sees the whole chunk)",
      "Mask the keys past each new token's position: allow j <= L + i.", {.no_mask = true});
  add("no_rope", "decoding with no rotary embedding on q and k",
      "Rotate q and k with RoPE (rotate-half, base 10000) at positions L + i.", {.no_rope = true});
  add("rope_on_values", "decoding with the values rotated too",
      "Rotate q and k only: v carries content, not position.", {.rope_on_values = true});
  add("scale_by_d_model", "decoding with the scores divided by sqrt(d_model)",
      "Divide by sqrt(d_head), the size of one head's dot product.", {.scale_by_d_model = true});
  return entries;
}

std::vector<Case> discriminating_cases() {
  kt::Generator gen(20261201);
  return {make_case(gen, 1, 2, 4, false, {2, 1, 2}), make_case(gen, 2, 1, 2, true, {3, 2})};
}

void diagnose_after_shrinking(Failure& f, const Case& failing) {
  grader::diagnose_after_shrinking<Case>(f, failing, [] {
    const std::vector<KvEntry> all = catalogue();
    Diagnosis<Case> d;
    for (const KvEntry& e : all) d.entries.push_back(e.entry);
    d.computes = [all](size_t e, const Case& c) {
      return decode_with_mistakes(c, all[e].mistakes);
    };
    d.discriminating_cases = discriminating_cases;
    d.learner = [](const Case& c) {
      const Decode run = run_learner(c);
      return run.wrong_shape ? kt::Tensor() : run.run.out;
    };
    d.reference = [](const Case& c) { return run_reference(c).out; };
    return d;
  });
}

}  // namespace grader::kata_kv_cache
