// Detector of the pitfall wrong_head_order: heads split off the wrong features (or never moved next
// to the batch axis). See Note [pitfall detectors] in detect.hpp.
#include "grader/katas/mha_family/detectors.hpp"

namespace grader::mha {
namespace {

/// Permutes the features of the query projection by q_perm and of the key projection by k_perm
/// (rows of W and b). A weight the learner applies transposed (`q_transposed`, `k_transposed`:
/// weight_transposed, x @ Wᵀ) makes its features from the case's columns: those are permuted.
Case permute_qk(const Case& c, const std::vector<int64_t>& q_perm,
                const std::vector<int64_t>& k_perm, bool q_transposed = false,
                bool k_transposed = false) {
  Case p = c;
  const auto rows = [](const kt::Tensor& w, const std::vector<int64_t>& perm, bool columns) {
    std::vector<kt::Tensor> out;
    for (int64_t f : perm) out.push_back(w.narrow(columns ? 1 : 0, f, 1));
    return kt::cat(out, columns ? 1 : 0);
  };
  p.w.wq = rows(c.w.wq, q_perm, q_transposed);
  p.w.wk = rows(c.w.wk, k_perm, k_transposed);
  if (c.bias) {
    p.w.bq = rows(c.w.bq, q_perm, false);
    p.w.bk = rows(c.w.bk, k_perm, false);
  }
  return p;
}

/// Reverses the features inside each head's own slice [h*dk, (h+1)*dk) of `heads` heads...
std::vector<int64_t> within_slices(int64_t heads, int64_t dk) {
  std::vector<int64_t> perm;
  for (int64_t h = 0; h < heads; ++h)
    for (int64_t j = dk - 1; j >= 0; --j) perm.push_back(h * dk + j);
  return perm;
}

/// ...or inside each group of features h, h+heads, h+2*heads, ...: the heads of a split as
/// view(B, T, d_head, heads).
std::vector<int64_t> within_strided(int64_t heads, int64_t dk) {
  std::vector<int64_t> perm(size_t(heads * dk));
  for (int64_t h = 0; h < heads; ++h)
    for (int64_t j = 0; j < dk; ++j) perm[size_t(j * heads + h)] = (dk - 1 - j) * heads + h;
  return perm;
}

}  // namespace

Outcome check_wrong_head_order(uint64_t seed) {
  return run_mha_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    Spec spec = several_heads(Masking::NotCausal);
    spec.dk_min = 2;
    const Case c = generate(spec);
    const Run base = run_learner(c);
    if (!shape_ok(c, base)) return cannot_check(c, base, "the head order");
    // Reversing features inside each head's own slice [h*dk, (h+1)*dk) of both q and k (GQA: of
    // the query heads and of the kv heads) leaves every head's dot products, so the output,
    // unchanged - for correctly split heads, whichever kv head a query head reads. For heads split
    // as view(B, T, d_head, heads), head h owns features h, h+heads, ...: reversing inside those
    // groups is what leaves such a solution unchanged.
    // With weights passed as matrices, under every orientation of Wq and Wk the learner may
    // apply (weight_transposed beside it).
    bool found = false;
    const int orientations = kata_call().linear_modules ? 1 : 4;
    for (int o = 0; o < orientations && !found; ++o) {
      const bool q_t = o & 1, k_t = o >> 1 & 1;
      const Run slices = run_learner(
          permute_qk(c, within_slices(c.H, c.dk), within_slices(c.Hkv, c.dk), q_t, k_t));
      const Run strided = run_learner(
          permute_qk(c, within_strided(c.H, c.dk), within_strided(c.Hkv, c.dk), q_t, k_t));
      found = slices.ok() && strided.ok() && !close(slices.out, base.out) &&
              close(strided.out, base.out);
    }
    // Heads never moved next to the batch axis (view(B, T, H, d_head) without transpose(1, 2)):
    // the batched matmul then attends across the heads of each token instead of across tokens.
    // The other wrong split: view(B, H, T, d_head) of the (B, T, d_model) memory, no transpose,
    // merged back the same way or correctly (transpose(1, 2), then view).
    // Each compared with the same code split correctly, all else equal. With one kv head shared
    // by several query heads, the second is a mere reordering of the queries: split and merged
    // that way it is harmless, split that way and merged correctly it is exactly
    // merge_without_transpose; such a case cannot name it.
    const bool queries_only_reordered = c.Hkv == 1 && c.H > 1;
    for (bool by_d_model : {false, true}) {
      const bool right = close(base.out, run_mistakes(c, {.scale_by_d_model = by_d_model}));
      if (right) continue;
      const Mistakes v{.split = HeadSplit::NoTranspose, .scale_by_d_model = by_d_model};
      Mistakes v_merged = v;
      v_merged.merge_transposed = true;
      found = found || close(base.out, attention_across_heads(c.x, c.w, c.H, by_d_model)) ||
              (!queries_only_reordered &&
               (close(base.out, run_mistakes(c, v)) || close(base.out, run_mistakes(c, v_merged))));
    }
    if (!found) return std::nullopt;
    return found_pitfall(
        c, base, "wrong_head_order",
        "the heads are split wrongly. Head h must own the contiguous feature slice "
        "[h*d_head, (h+1)*d_head): view(B, T, num_heads, d_head) then transpose(1, 2). Splitting "
        "as view(B, T, d_head, num_heads), viewing the (B, T, d_model) memory as (B, num_heads, T, "
        "d_head), or leaving out transpose(1, 2) (so attention runs across the heads of one "
        "token instead of across tokens) all run without error and compute something else. "
        "Found by reordering features inside each head's slice of q and k (correct code is "
        "unaffected, yours changed) or by matching what those mistakes compute.");
  });
}

constinit const FamilyDetector wrong_head_order_detector{
    "wrong_head_order", "heads own contiguous feature slices", check_wrong_head_order};

}  // namespace grader::mha
