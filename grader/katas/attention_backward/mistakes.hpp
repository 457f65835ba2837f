// What the attention_backward kata's known mistakes compute, written with kt's ops the way a
// learner makes them, each a switch, so the detectors can name a mistake by the gradient it gives
// (Note [attention_backward detectors] in detect.hpp). The trusted reference never learns one.
#pragma once

#include <vector>

#include "grader/katas/attention_backward/cases.hpp"

namespace grader::kata_attention_backward {

enum class Scale { Right, DqMissing, DkMissing, BothMissing };  // the 1/√d of dq and dk
enum class DvFrom { Weights, Scores, RawScores };  // dv = Xᵀ dout: P, q kᵀ / √d, or q kᵀ
/// Where the backward uses weights computed without the causal mask.
enum class Leak { None, Everywhere, DvOnly };

struct Mistakes {
  bool no_rowsum = false;      // dS = P ∘ dP
  Scale scale = Scale::Right;  //
  bool dk_transposed = false;  // dk = dS q (not dSᵀ q)
  DvFrom dv = DvFrom::Weights;
  Leak leak = Leak::None;
};

/// The gradients with the given mistakes; with none, the reference's.
Grads simulate(const Case& c, const Mistakes& m);

}  // namespace grader::kata_attention_backward
