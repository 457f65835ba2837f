// The general checks of multi-head attention, shared by the katas that grade it (mha,
// mha_function): each kata registers them under its own ids and titles
// (grader/katas/KATA/checks.cpp) and sets how its code is called (KataCall in cases.hpp).
#pragma once

#include <cstdint>

#include "grader/katas/mha_family/cases.hpp"

namespace grader::mha {

/// The output is (B, T, d_model) Float64, for every generated shape, causal or masked.
Outcome check_shape(uint64_t seed);
/// The output equals the reference (allclose rtol 1e-9, atol 1e-12), causal or masked.
Outcome check_matches_reference(uint64_t seed);
/// Causal: changing later tokens leaves earlier outputs bit-identical.
Outcome check_causal(uint64_t seed);
/// A fully masked query row gives finite output (an accepted convention); the rest still matches.
Outcome check_fully_masked_rows(uint64_t seed);

}  // namespace grader::mha
