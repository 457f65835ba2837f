// The speculative_decoding kata's reference, which the grader trusts: plain loops over the
// probabilities in double, none of kt's view machinery, so the runtime and the reference check
// each other.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "kt/generator.hpp"
#include "kt/tensor.hpp"

namespace ref {

/// The first index at which the running sum of `probs` exceeds u; the last index when none does.
int64_t inverse_cdf(const std::vector<double>& probs, double u);

/// max(0, p - q) divided by its sum (p and q of one row).
std::vector<double> residual(const std::vector<double>& p, const std::vector<double>& q);

/// The step with its uniforms taken from `uniform` (each call one u), for the tests that replay
/// recorded draws and the grader's simulation of them.
std::vector<int64_t> speculative_step(const kt::Tensor& draft_probs,
                                      const std::vector<int64_t>& draft_tokens,
                                      const kt::Tensor& target_probs,
                                      const std::function<double()>& uniform);

/// kata::speculative_step as the statement fixes it. draft_probs (K, V), target_probs (K + 1, V),
/// any floating dtype read as Float64; the arguments inside the API.
std::vector<int64_t> speculative_step(const kt::Tensor& draft_probs,
                                      const std::vector<int64_t>& draft_tokens,
                                      const kt::Tensor& target_probs, kt::Generator& gen);

}  // namespace ref
