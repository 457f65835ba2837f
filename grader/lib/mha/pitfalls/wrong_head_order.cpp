// Detector of the pitfall wrong_head_order: heads split off the wrong features (or never moved next
// to the batch axis). See Note [pitfall detectors] in detect.hpp.
#include "grader/lib/mha/detectors.hpp"

namespace grader::mha {
namespace {

/// Permutes features of the query and key projections (rows of W and b) by perm.
Case permute_qk(const Case& c, const std::vector<int64_t>& perm) {
  Case p = c;
  std::vector<kt::Tensor> wq, wk, bq, bk;
  for (int64_t f : perm) {
    wq.push_back(c.w.wq[f]);
    wk.push_back(c.w.wk[f]);
    if (c.bias) {
      bq.push_back(c.w.bq.narrow(0, f, 1));
      bk.push_back(c.w.bk.narrow(0, f, 1));
    }
  }
  p.w.wq = kt::stack(wq);
  p.w.wk = kt::stack(wk);
  if (c.bias) {
    p.w.bq = kt::cat(bq);
    p.w.bk = kt::cat(bk);
  }
  return p;
}

}  // namespace

Outcome check_wrong_head_order(uint64_t seed) {
  return run_mha_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    Spec spec = several_heads(Masking::NotCausal);
    spec.dk_min = 2;
    const Case c = generate(spec);
    const Run base = run_learner(c);
    if (!shape_ok(c, base)) return cannot_check(c, base, "the head order");
    // Reversing features inside each head's own slice [h*dk, (h+1)*dk) of both q and k leaves
    // every head's dot products, so the output, unchanged - for correctly split heads.
    std::vector<int64_t> within_slices, within_strided(size_t(c.D()));
    for (int64_t h = 0; h < c.H; ++h)
      for (int64_t j = c.dk - 1; j >= 0; --j) within_slices.push_back(h * c.dk + j);
    // For heads split as view(B, T, d_head, H), head h owns features h, h+H, ...: reversing
    // inside those groups is what leaves such a solution unchanged.
    for (int64_t h = 0; h < c.H; ++h)
      for (int64_t j = 0; j < c.dk; ++j)
        within_strided[size_t(j * c.H + h)] = (c.dk - 1 - j) * c.H + h;
    const Run slices = run_learner(permute_qk(c, within_slices));
    const Run strided = run_learner(permute_qk(c, within_strided));
    bool found =
        slices.ok() && strided.ok() && !close(slices.out, base.out) && close(strided.out, base.out);
    // Heads never moved next to the batch axis (view(B, T, H, d_head) without transpose(1, 2)):
    // the batched matmul then attends across the heads of each token instead of across tokens.
    for (bool by_d_model : {false, true}) {
      found = found || (close(base.out, attention_across_heads(c.x, c.w, c.H, by_d_model)) &&
                        !close(base.out, run_reference(c)));
    }
    // The other wrong split: view(B, H, T, d_head) of the (B, T, d_model) memory, no transpose.
    for (bool by_d_model : {false, true}) {
      const Mistakes v{.split = HeadSplit::NoTranspose, .scale_by_d_model = by_d_model};
      found = found || (close(base.out, run_mistakes(c, v)) && !close(base.out, run_reference(c)));
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

}  // namespace grader::mha
