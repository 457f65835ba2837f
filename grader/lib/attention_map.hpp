// The attention map: on a failing case, the learner's attention weights beside the correct ones
// (Note [attention map]). The CLI draws it (a shaded grid in the terminal, an SVG for CI).
//
// Note [attention map]
// A learner's forward returns its output, not its weights, so the weights are found among the ops
// kt's trace recorded on the case (with values): the last softmax with as many values as the
// weights, or what is done to it before the next matmul when that still looks like weights (every
// value in [0, 1] or NaN, every row summing to at most 1: a masked_fill after the softmax). Without
// a softmax op (exp / sum written out): the op whose result is the correct weights, else the last
// weights-like result before a matmul. Read in the weights' order, (B*H, T_q, T_k) and
// (B, H, T_q, T_k) are the same map. One query-by-key slice is shown: the one (batch entry, head)
// where the two differ most. Nothing is shown when no op fits (a loop over heads computes each
// head's weights apart: their sizes do not match), or for one query and one key (a weight of 1:
// nothing to see).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "grader/lib/check.hpp"
#include "grader/lib/journey.hpp"
#include "kt/instrument.hpp"
#include "kt/tensor.hpp"

namespace grader {

/// The learner's attention weights among its traced ops (Note [attention map]), as many values as
/// `expected` (…, T_q, T_k) in the shape the learner's op gave them; nullopt when no op fits.
std::optional<kt::Tensor> learner_weights(const std::vector<kt::TraceEvent>& events,
                                          const kt::Tensor& expected);

/// The map of the slice of the leading axes where got differs most from expected (both
/// (…, T_q, T_k)), on the check's smallest failing case. `axes` names the leading axes
/// ("batch entry", "head"). At most 12 queries and 12 keys are kept; empty for one query and one
/// key.
AttentionMap make_attention_map(const kt::Tensor& expected, const kt::Tensor& got,
                                const std::vector<std::string>& axes);

/// The map of one call of the learner's code: the step marked attention_weights beside the weights
/// found among the call's traced ops (`call` calls it, and returns an undefined tensor when it
/// threw); empty when there is no such step, the call threw or no op fits.
AttentionMap map_of_call(const std::vector<Step>& steps, const std::function<kt::Tensor()>& call,
                         const std::vector<std::string>& axes);

}  // namespace grader
