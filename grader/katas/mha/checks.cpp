// The mha kata's general checks (their logic is shared with mha_function:
// grader/katas/mha_family/). Each known pitfall has its own detector in pitfalls/ID.cpp (see
// grader/katas/mha_family/detect.hpp).
#include "grader/katas/mha_family/checks.hpp"

namespace grader::mha {
namespace {

// How the checks show this kata's call (its learner's process makes it: call.cpp).
const SetKataCall call({
    .what = "forward",
    .biases = true,
    .call_text = module_call_text,
});

const Registrar registered_shape(
    {"shape", "forward returns (B, T, d_model) float64 for every generated shape", check_shape});
const Registrar registered_matches_reference(
    {"matches_reference",
     "forward equals the reference (allclose rtol 1e-9, atol 1e-12), "
     "causal or masked",
     check_matches_reference});
const Registrar registered_causal_is_causal(
    {"causal_is_causal",
     "with causal = true, changing later tokens leaves earlier outputs bit-identical",
     check_causal});
const Registrar registered_fully_masked_rows(
    {"fully_masked_rows",
     "a fully masked query row gives finite output, the rest still "
     "matches",
     check_fully_masked_rows});

}  // namespace
}  // namespace grader::mha
