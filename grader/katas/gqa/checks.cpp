// The gqa kata's general checks (their logic is shared with mha and mha_function:
// grader/katas/mha_family/; its cases draw num_kv_heads among the divisors of num_heads). Each
// known pitfall has its own detector in pitfalls/ID.cpp (see grader/katas/mha_family/detect.hpp).
#include "grader/katas/mha_family/checks.hpp"

namespace grader::mha {
namespace {

// How the checks show this kata's call (its learner's process makes it: call.cpp).
const SetKataCall call({
    .what = "forward",
    .biases = true,
    .grouped = true,
    .call_text = module_call_text,
});

const Registrar registered_shape(
    {"shape",
     "forward returns (B, T, d_model) float64 for every shape and number of kv "
     "heads",
     check_shape});
const Registrar registered_matches_reference(
    {"matches_reference",
     "forward equals the reference (allclose rtol 1e-9, atol 1e-12) "
     "from one kv head (MQA) to one per query head (MHA), causal or "
     "masked",
     check_matches_reference});
const Registrar registered_causal_is_causal(
    {"causal_is_causal",
     "with causal = true, changing later tokens leaves earlier "
     "outputs bit-identical, whatever the grouping",
     check_causal});
const Registrar registered_fully_masked_rows(
    {"fully_masked_rows",
     "a fully masked query row gives finite output in every query "
     "head, the rest still matches",
     check_fully_masked_rows});

}  // namespace
}  // namespace grader::mha
