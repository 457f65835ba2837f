// What the layer_norm_backward kata's pitfall detectors share. Each detector lives in
// pitfalls/ID.cpp and registers the check "pitfall_ID"; kata.toml gives its points.
//
// Note [layer_norm_backward detectors]
// The five pitfalls are choices in the gradients (Steps in mistakes.hpp), each in one of them:
// dx's mean term (missing_mean_term), its x̂ term (missing_xhat_term) and its weight
// (weight_not_in_dx); dweight's x̂ (dweight_without_xhat); the rows dweight and dbias are summed
// over (param_grads_wrong_axis: dim 0 alone, or the last axis). A closed form and a staged chain
// rule that forgets the same path give the same numbers, so one search covers both. A detector
// compares the gradient its pitfall is in with every computation of that gradient
// (dx: the 8 choices of its three terms; dweight: x̂ or not times 3 sums; dbias: 3 sums) and names
// the pitfall when the learner's equals one that makes it and none that does not. Its cases have
// rank 3 or 4 with leading axes of 2 or 3 (a sum over dim 0 alone then differs in shape from a sum
// over every row) and D of 3 to 6.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grader/katas/layer_norm_backward/cases.hpp"
#include "grader/katas/layer_norm_backward/mistakes.hpp"

namespace grader::kata_layer_norm_backward {

inline constexpr int kDetectorCases = 40;

/// Which gradient a detector reads, and whether a computation makes its pitfall.
struct Looked {
  size_t gradient;  // 0 dx, 1 dweight, 2 dbias
  std::function<bool(const Steps&)> makes;
  /// Another mistake that explains the learner's gradients better (dweight and dbias swapped):
  /// then the pitfall is not named.
  std::function<bool(const Case&, const Grads&)> unless = {};
};

/// The computations of one gradient searched (the choices that bear on it).
std::vector<Steps> searched_steps(size_t gradient);

/// The steps that compute got (the gradient `gradient`) and make the pitfall, if some do and none
/// that does not computes it too.
std::optional<Steps> steps_with(const Case& c, const kt::Tensor& got, const Looked& looked);

/// A detector's body: for each looked-at gradient (in order), names `id` with message(case, steps,
/// gradient) when steps_with finds it.
Outcome detect(uint64_t seed, const std::vector<Looked>& looked, const char* id,
               const std::function<std::string(const Case&, const Steps&, size_t)>& message);

}  // namespace grader::kata_layer_norm_backward
