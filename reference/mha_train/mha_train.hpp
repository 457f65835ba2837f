// The mha_train kata's reference, which the grader trusts: in evaluation mode (and in training
// with dropout_p = 0) the module is multi-head attention without dropout, ref::mha_forward
// (plain loops, no kt views). Checked against torch.nn.MultiheadAttention with dropout in eval()
// and with dropout 0 in train() (tools/golden/gen_mha_train_cases.py). With dropout_p > 0 in
// training the output is random: the grader checks it by its properties (grader/katas/mha_train/).
#pragma once

#include <cstdint>

#include "../mha/mha.hpp"  // relative: a learner-side include path must find it too
#include "kt/tensor.hpp"

namespace ref {

/// The output of the module without dropout: x (B, T, d_model) -> (B, T, d_model), Float64.
kt::Tensor mha_without_dropout(const kt::Tensor& x, const MhaWeights& w, int64_t num_heads,
                               bool causal);

}  // namespace ref
