// GIVEN — do not edit. The grader calls kata::cross_entropy, which you write in cross_entropy.cpp.
#pragma once

#include <cstdint>

#include "kt/tensor.hpp"

namespace kata {

/// The mean cross-entropy of logits against class targets, as torch.nn.functional.cross_entropy(
/// logits, target, ignore_index=ignore_index, label_smoothing=label_smoothing, reduction='mean'):
/// for each row i whose target is not ignore_index, with p = softmax(logits[i]) over the classes,
///   loss_i = (1 - label_smoothing) * (-log p[target[i]]) + label_smoothing * mean_c(-log p[c]),
/// and the result is the mean of loss_i over those rows.
/// logits: (N, C), N >= 1, C >= 1, Float32 or Float64, finite (rows may span thousands);
/// target: (N), Int64, each in [0, C) or equal to ignore_index (which may itself lie in [0, C));
/// 0 <= label_smoothing <= 1. Returns a 0-d tensor of logits' dtype, finite wherever PyTorch's
/// is; NaN when every row is ignored. Modifies none of its inputs. A target outside [0, C) that is
/// not ignore_index throws kt::IndexError (kt::gather does) naming the row and the value.
kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target,
                         int64_t ignore_index = -100, double label_smoothing = 0.0);

}  // namespace kata
