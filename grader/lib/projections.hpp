// Random projection weights for the katas whose code holds four nn::Linear layers (the MHA family,
// kv_cache, mha_train): the draws in one order, so a seed gives the same module everywhere.
#pragma once

#include <cstdint>

#include "kt/tensor.hpp"
#include "reference/mha/mha.hpp"

namespace grader {

/// wq, wo: (d_model, d_model); wk, wv: (kv_rows, d_model); each randn / sqrt(d_model), drawn in
/// that order; then, when bias, bq, bk, bv, bo: randn * bias_scale. Biases undefined otherwise.
ref::MhaWeights random_projections(int64_t d_model, int64_t kv_rows, bool bias, double bias_scale,
                                   kt::Generator& gen);

}  // namespace grader
