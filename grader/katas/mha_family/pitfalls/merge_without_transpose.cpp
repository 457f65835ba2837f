// Detector of the pitfall merge_without_transpose: the (B, num_heads, T, d_head) attention output
// viewed straight as (B, T, d_model), without transpose(1, 2) first. No error, scrambled output.
// See Note [pitfall detectors] in detect.hpp.
#include "grader/katas/mha_family/detectors.hpp"

namespace grader::mha {
Outcome check_merge_without_transpose(uint64_t seed) {
  return run_mha_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    // Reading the memory in the wrong order scrambles as soon as H > 1 and T > 1.
    Spec spec = several_heads(Masking::NotCausal);
    spec.t_max = 5;
    spec.dk_max = 3;
    Case c = generate(spec);
    // Zero query weights: every score is 0 and attention is uniform, so neither the scale, nor the
    // softmax axis, nor how q and k are split matters. Only how the heads are merged back shows.
    c.w.wq = kt::zeros({c.D(), c.D()});
    if (c.bias) c.w.bq = kt::zeros({c.D()});
    const Run run = run_learner(c);
    if (!shape_ok(c, run)) return cannot_check(c, run, "how the heads are merged");
    if (!computes_mistake(c, run.out, {.merge_memory_order = true})) return std::nullopt;
    return found_pitfall(
        c, run, "merge_without_transpose",
        "the heads are merged by reading the (B, num_heads, T, d_head) attention output's memory "
        "as (B, T, d_model): view() succeeds (that memory is contiguous) but mixes tokens and "
        "heads. Transpose back first: out.transpose(1, 2).contiguous().view(B, T, d_model). "
        "(Rebuilding a tensor from the raw memory of the transposed view, e.g. with as_strided "
        "and contiguous strides, reads the same wrong order.)");
  });
}

constinit const FamilyDetector merge_without_transpose_detector{
    "merge_without_transpose",
    "the heads are transposed back to (B, T, num_heads, d_head) before merging",
    check_merge_without_transpose};

}  // namespace grader::mha
