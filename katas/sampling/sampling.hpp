// GIVEN — do not edit. The grader calls kata::sample_token, which you write in sampling.cpp.
#pragma once

#include <cstdint>

#include "kt/generator.hpp"
#include "kt/tensor.hpp"

namespace kata {

/// One token drawn from logits with temperature, top-k and top-p (nucleus) filtering, the draw
/// fixed exactly so that it can be replayed:
///  1. temperature > 0 divides the logits (the scores); temperature == 0 is greedy: return the
///     index of the largest logit (the lowest index on ties) and draw nothing.
///  2. top_k > 0 keeps the tokens whose score is >= the top_k-th largest score counting repeats
///     (ties with it kept); top_k == 0 or top_k >= V keeps every token.
///  3. top_p < 1: with p the softmax of the kept scores, order the kept tokens by p descending
///     (ties: lower index first) and keep the shortest prefix whose sum is >= top_p (the token
///     that crosses top_p is kept); top_p == 1 keeps every token left.
///  4. p = softmax over the tokens still kept; draw exactly one u = gen.uniform(); return the
///     first kept token, in increasing index, at which the running sum of p exceeds u (the last
///     kept token if rounding leaves none).
/// logits: (V), V >= 1, Float32 or Float64, finite; not modified. Throws kt::ValueError unless
/// temperature >= 0, top_k >= 0 and 0 < top_p <= 1.
int64_t sample_token(const kt::Tensor& logits, double temperature, int64_t top_k, double top_p,
                     kt::Generator& gen);

}  // namespace kata
