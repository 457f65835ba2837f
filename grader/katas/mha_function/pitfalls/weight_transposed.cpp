// Detector of the pitfall weight_transposed: a weight applied as x @ Wᵀ (nn.Linear's convention)
// where this kata's function applies x @ W. See Note [pitfall detectors] in
// grader/katas/mha_family/detect.hpp.
#include <string>
#include <vector>

#include "grader/katas/mha_family/detect.hpp"
#include "grader/lib/words.hpp"

namespace grader::mha {
namespace {

Outcome check_weight_transposed(uint64_t seed) {
  return run_mha_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    // One head, no mask: every head-splitting, merging, scaling and masking mistake vanishes.
    // d_model >= 2: a 1 x 1 weight is its own transpose.
    Spec spec = one_head(Masking::NotCausal);
    spec.dk_min = 2;
    const Case c = generate(spec);
    const Run run = run_learner(c);
    if (!shape_ok(c, run)) return cannot_check(c, run, "the weights' orientation");
    if (close(run.out, run_reference(c))) return std::nullopt;
    // The case holds nn.Linear weights w (the learner gets W = wᵀ): x @ Wᵀ is x @ w, nn.Linear
    // with weight wᵀ. Which of the four were applied that way: every non-empty subset.
    const char* const names[] = {"Wq", "Wk", "Wv", "Wo"};
    for (int subset = 1; subset < 16; ++subset) {
      ref::MhaWeights w = c.w;
      kt::Tensor* weights[] = {&w.wq, &w.wk, &w.wv, &w.wo};
      std::vector<std::string> which;
      for (int i = 0; i < 4; ++i) {
        if ((subset >> i & 1) == 0) continue;
        *weights[i] = weights[i]->transpose(0, 1).contiguous();
        which.emplace_back(names[i]);
      }
      // With one head, the only other mistake that does not vanish is the scale by d_head: the
      // transposition alone, or beside it (and then not the scale alone), is this pitfall.
      const Mistakes by_d_head{.scale_by_d_head = true};
      const bool alone = close(run.out, mha_with_mistakes(c.x, w, c.H, c.causal, c.mask, {}));
      const bool beside_scale =
          close(run.out, mha_with_mistakes(c.x, w, c.H, c.causal, c.mask, by_d_head)) &&
          !close(run.out, mha_with_mistakes(c.x, c.w, c.H, c.causal, c.mask, by_d_head));
      if (!alone && !beside_scale) continue;
      const std::string list = and_list(which);
      const bool one = which.size() == 1;
      return found_pitfall(
          c, run, "weight_transposed",
          list + (one ? " is" : " are") +
              " applied as x @ Wᵀ, nn.Linear's convention (its weight is stored (out, in)). This "
              "function's weights are (in, out) and applied as x @ W: kt::matmul(x, " +
              which.front() +
              "), no transpose. Shapes cannot catch it (every weight is square), only the "
              "numbers can.");
    }
    return std::nullopt;
  });
}

const Registrar registered_weight_transposed({"pitfall_weight_transposed",
                                              "each weight is applied as x @ W",
                                              check_weight_transposed});

}  // namespace
}  // namespace grader::mha
