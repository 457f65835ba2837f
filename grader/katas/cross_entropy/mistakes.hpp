// What the cross_entropy kata's named mistakes compute, for the detectors to recognise. Kept apart
// from the reference, which computes the right answer only. A 0-d Float64 tensor, or an undefined
// one when the mistake cannot run on the case (an ignored target of -100 read as a class).
#pragma once

#include <cstdint>

#include "kt/tensor.hpp"

namespace grader::kata_cross_entropy {

/// How a learner's code may compute the loss: the log-probabilities (stable, from the raw logits,
/// or the log of a softmax), the axis they normalise over, what the mean does with ignored rows,
/// and how label smoothing spreads its mass. The cross-entropy is the default.
struct Steps {
  enum class LogProbs {
    Stable,        // logits - logsumexp, the row's maximum taken out
    Raw,           // logits - log(sum(exp(logits))): no_max_subtraction
    LogOfSoftmax,  // log(softmax(logits)): log_of_softmax
  };
  enum class Ignored {
    Dropped,        // left out of the sum and of the count: right
    ZeroedInMean,   // left out of the sum, counted in N: ignored_rows_in_mean
    Counted,        // read as ordinary rows (ignore_index never looked at): ignored_rows_in_mean
    SmoothingKept,  // the target's term left out, the smoothing term kept, not counted: no pitfall
  };
  enum class Smoothing {
    Right,         // (1 - eps) on the target, eps / C on every class, the target included
    OtherClasses,  // 1 - eps on the target, eps / (C - 1) on each other class
    NoOwnShare,    // 1 - eps on the target, eps / C on each other class only
  };
  LogProbs log_probs = LogProbs::Stable;
  int64_t axis = 1;  // 0: softmax_wrong_dim (normalised over the rows)
  Ignored ignored = Ignored::Dropped;
  Smoothing smoothing = Smoothing::Right;
};

kt::Tensor cross_entropy_with_steps(const kt::Tensor& logits, const kt::Tensor& target,
                                    int64_t ignore_index, double label_smoothing,
                                    const Steps& steps);

/// The pitfalls a computation makes.
struct Made {
  bool log_of_softmax = false, no_max_subtraction = false, ignored_rows_in_mean = false,
       smoothing_mass_wrong = false, softmax_wrong_dim = false;
};
Made pitfalls_made(const Steps& steps);

}  // namespace grader::kata_cross_entropy
