// The sampling kata's reference, which the grader trusts: plain loops over the logits' values in
// double, none of kt's view machinery, so the runtime and the reference check each other.
#pragma once

#include <cstdint>
#include <vector>

#include "kt/generator.hpp"
#include "kt/tensor.hpp"

namespace ref {

/// What kata::sample_token draws from, in Float64: the tokens kept after temperature, top-k and
/// top-p (as the statement orders them), and p, the softmax of the kept tokens' scores (0 for the
/// others). temperature == 0: the greedy token alone (the first index of the largest logit), p 1.
/// logits (V) of any floating dtype, read as Float64; the arguments inside the API.
struct Distribution {
  std::vector<bool> kept;
  std::vector<double> p;
};
Distribution sampling_distribution(const kt::Tensor& logits, double temperature, int64_t top_k,
                                   double top_p);

/// The token one draw u in [0, 1) picks: the first kept token, in increasing index, at which the
/// running sum of p exceeds u; the last kept token when none does.
int64_t pick(const Distribution& d, double u);

/// kata::sample_token as the statement fixes it: at temperature 0 the greedy token and no draw,
/// else pick(sampling_distribution(...), gen.uniform()).
int64_t sample_token(const kt::Tensor& logits, double temperature, int64_t top_k, double top_p,
                     kt::Generator& gen);

}  // namespace ref
