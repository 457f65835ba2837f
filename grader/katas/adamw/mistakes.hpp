// What the adamw kata's named mistakes compute, for the detectors and the catalogue to recognise.
// Kept apart from the reference, which computes the right answer only. One simulation of the step
// with a switch per way of getting it wrong, in plain double loops (the detectors search a few
// hundred of them per case).
#pragma once

#include <cstdint>
#include <vector>

#include "reference/adamw/adamw.hpp"

namespace grader::kata_adamw {

struct Case;

/// How a learner's code may compute AdamW's step. The default is torch.optim.AdamW.
struct Steps {
  enum class Decay {
    Decoupled,  // param *= 1 - lr * weight_decay (AdamW)
    L2,         // grad += weight_decay * param, no decoupled decay (Adam with L2): a pitfall
    Both,       // the two at once
    None,       // weight_decay never read
    OfGrad,     // param -= lr * weight_decay * grad: the gradient where param belongs (no pitfall)
  };
  Decay decay = Decay::Decoupled;
  bool decay_times_lr = true;               // decay_without_lr when false (with a decoupled decay)
  bool decay_after_update = false;          // param decayed after the Adam update (no pitfall)
  bool correct_m = true, correct_v = true;  // no_bias_correction when either is false
  bool correction_step_behind = false;      // bias_correction_wrong_step (with a correction)
  bool eps_inside_sqrt = false;             // eps_inside_sqrt
  bool eps_on_uncorrected = false;          // Adam's paper, section 2: lr * sqrt(bc2) / bc1 * m /
                                            // (sqrt(v) + eps) (no pitfall)
  // Mistakes of the catalogue only.
  bool betas_swapped = false;            // beta2 for the first moment, beta1 for the second
  bool moment_weights_swapped = false;   // m = (1 - beta1) * m + beta1 * g (and so for v)
  bool second_moment_of_abs = false;     // v from |g|, not g^2
  bool momentum_ignored = false;         // the update uses grad itself, not m_hat
  bool no_sqrt = false;                  // m_hat / (v_hat + eps)
  bool correction_without_root = false;  // sqrt(v) / (1 - beta2^t) + eps: bc2 not under the root
  bool ascent = false;                   // param += the update
  bool state_not_kept = false;           // each call starts from zero moments
  bool step_not_incremented = false;     // state.step never changes (corrections at step + 1)
  bool moments_start_at_grad = false;    // undefined moments start as grad and grad^2, not zeros
  bool second_moment_of_m = false;       // v from the new exp_avg squared, not grad^2
  bool first_correction_rooted = false;  // the step size lr / sqrt(1 - beta1^t)
};

/// The parameter and the state after every step of the case, Float64, computed with `steps`.
ref::AdamWResult adamw_with_steps(const Case& c, const Steps& steps);

/// The pitfalls a computation makes.
struct Made {
  bool l2_instead_of_decoupled = false, no_bias_correction = false, eps_inside_sqrt = false,
       decay_without_lr = false, bias_correction_wrong_step = false;
};
Made pitfalls_made(const Steps& steps);

}  // namespace grader::kata_adamw
