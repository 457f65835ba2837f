// Detector of the pitfall kv_repeat_tiled: the key/value heads repeated as a whole (repeat, cat,
// an expand on a leading axis) instead of each in place (repeat_interleave), so query head h reads
// kv head h mod num_kv_heads instead of h / (num_heads / num_kv_heads).
// See Note [pitfall detectors] in grader/katas/mha_family/detect.hpp.
#include "grader/katas/mha_family/detect.hpp"

namespace grader::mha {
namespace {

/// "0 0 1 1" or "0 1 0 1": the kv head each query head reads.
std::string kv_heads_read(int64_t H, int64_t Hkv, bool tiled) {
  std::string s;
  for (int64_t h = 0; h < H; ++h) {
    if (h > 0) s += ' ';
    s += std::to_string(tiled ? h % Hkv : h / (H / Hkv));
  }
  return s;
}

Outcome check_kv_repeat_tiled(uint64_t seed) {
  return run_mha_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    // 2-3 kv heads serving 2-3 query heads each: with one kv head, or one per query head, both
    // orders read the same heads. No mask, so the masking mistakes vanish.
    Spec spec = several_heads(Masking::NotCausal);
    spec.proper_groups = true;
    spec.t_max = 5;
    spec.dk_max = 3;
    const Case c = generate(spec);
    const Run run = run_learner(c);
    if (!shape_ok(c, run)) return cannot_check(c, run, "which kv head each query head reads");
    // The signature under every head split, scale, merge and softmax axis, so those mistakes
    // cannot hide it:
    // the output is what tiled kv heads compute, and not what the same code with the kv heads
    // repeated in place computes.
    bool found = false;
    for (HeadSplit split : {HeadSplit::Contiguous, HeadSplit::Strided, HeadSplit::NoTranspose}) {
      for (int scale = 0; scale < 3; ++scale) {  // sqrt(d_head), sqrt(d_model), d_head
        for (bool merge_memory : {false, true}) {
          for (bool over_queries : {false, true}) {
            const Mistakes in_place{.split = split,
                                    .scale_by_d_model = scale == 1,
                                    .scale_by_d_head = scale == 2,
                                    .merge_memory_order = merge_memory,
                                    .softmax_over_queries = over_queries};
            Mistakes tiled = in_place;
            tiled.kv_tiled = true;
            found = found || (close(run.out, run_mistakes(c, tiled)) &&
                              !close(run.out, run_mistakes(c, in_place)));
          }
        }
      }
    }
    if (!found) return std::nullopt;
    const int64_t group = c.H / c.Hkv;
    return found_pitfall(
        c, run, "kv_repeat_tiled",
        "query head h reads key/value head h mod num_kv_heads instead of h / (num_heads / "
        "num_kv_heads). Here query heads 0.." +
            std::to_string(c.H - 1) + " must read kv heads " + kv_heads_read(c.H, c.Hkv, false) +
            "; yours read " + kv_heads_read(c.H, c.Hkv, true) +
            ". Repeating the whole (B, num_kv_heads, T, d_head) tensor (k.repeat({1, " +
            std::to_string(group) +
            ", 1, 1}), cat({k, k, ...}, 1), or expanding a new axis in front of the heads) "
            "tiles the heads; each kv head must be repeated in place for the consecutive query "
            "heads of its group: kt::repeat_interleave(k, num_heads / num_kv_heads, 1) (the same "
            "for v), or k.unsqueeze(2).expand(...) on an axis after the heads, then reshape. "
            "(Grouping the queries instead, with no copy? View q as (B, num_kv_heads, group, T, "
            "d_head), kv head first; (B, group, num_kv_heads, ...) is the tiled order.)");
  });
}

const Registrar registered_kv_repeat_tiled(
    {"pitfall_kv_repeat_tiled", "query head h reads kv head h / (num_heads / num_kv_heads)",
     check_kv_repeat_tiled});

}  // namespace
}  // namespace grader::mha
