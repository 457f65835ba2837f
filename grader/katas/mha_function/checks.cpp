// The mha_function kata's general checks (their logic is shared with mha:
// grader/katas/mha_family/). Each known pitfall has its own detector in pitfalls/ID.cpp (see
// grader/katas/mha_family/detect.hpp).
#include "grader/katas/mha_family/checks.hpp"

namespace grader::mha {
namespace {

// How the checks show this kata's call (its learner's process makes it: call.cpp).
const SetKataCall call({
    .what = "mha(x, Wq, Wk, Wv, Wo, h, mask)",
    .biases = false,
    .causal_flag = false,
    .linear_modules = false,
    .call_text = [](const Case& c) -> std::string {
      if (c.mask.defined()) return "mha(x, Wq, Wk, Wv, Wo, h, mask)";
      if (c.causal) return "mha(x, Wq, Wk, Wv, Wo, h, mask) with mask = tril(ones(T, T)), causal";
      return "mha(x, Wq, Wk, Wv, Wo, h)";
    },
});

const Registrar registered_shape({"shape",
                                  "mha returns (B, T, d) float64 for every generated shape",
                                  check_shape});
const Registrar registered_matches_reference(
    {"matches_reference",
     "mha equals the reference (allclose rtol 1e-9, atol 1e-12), "
     "with and without a mask",
     check_matches_reference});
const Registrar registered_causal_is_causal(
    {"causal_is_causal",
     "with a causal mask, changing later tokens leaves earlier outputs bit-identical",
     check_causal});
const Registrar registered_fully_masked_rows(
    {"fully_masked_rows",
     "a query row the mask hides entirely (all false) gives finite "
     "output, the rest still matches",
     check_fully_masked_rows});

}  // namespace
}  // namespace grader::mha
