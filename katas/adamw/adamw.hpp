// GIVEN — do not edit. The grader calls kata::adamw_step, which you write in adamw.cpp.
#pragma once

#include <cstdint>

#include "kt/tensor.hpp"

namespace kata {

/// AdamW's hyperparameters, torch.optim.AdamW's defaults.
struct AdamWConfig {
  double lr = 1e-3, beta1 = 0.9, beta2 = 0.999, eps = 1e-8, weight_decay = 1e-2;
};

/// The optimizer's state for one parameter: the moments (undefined before the first step) and the
/// number of steps taken (0 before the first step).
struct AdamWState {
  kt::Tensor exp_avg, exp_avg_sq;
  int64_t step = 0;
};

/// One step of torch.optim.AdamW (amsgrad off, maximize off) on one parameter.
/// param: any shape (0-d and empty included), contiguous, Float32 or Float64; updated in place, as
/// torch.optim does: a tensor sharing its storage sees the new values. grad: param's shape and
/// dtype, not modified. state: read and replaced by the state after this step (moments created as
/// zeros of param's shape and dtype when undefined; step counts this step). A grad of another shape
/// than param's throws kt::ShapeError.
void adamw_step(kt::Tensor& param, const kt::Tensor& grad, AdamWState& state,
                const AdamWConfig& cfg);

}  // namespace kata
