// Random cases for the layer_norm_backward kata's checks, the call into the learner's
// kata::layer_norm_backward, and the comparison of its three gradients.
#pragma once

#include <array>
#include "grader/lib/kata.hpp"

namespace grader::kata_layer_norm_backward {

/// Ranges a check draws its cases from. The defaults are the general checks' ranges.
struct Spec {
  RowsShape shape = {.rank_min = 2, .size_max = 4, .d_max = 7, .d_min_last = true};
  bool constant_weight = false;  // every entry of weight the same (the orthogonality check)
};

/// The detectors' preset (Note [layer_norm_backward detectors] in detect.hpp): rank 3-4, leading
/// axes 2-3 (a sum over dim 0 alone then has another shape than a sum over every row), D 3-6.
Spec detector_spec();

struct Case {
  kt::Tensor x, weight, dout;  // Float64
  double eps = 1e-5;
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> describe() const;
};

Case generate(const Spec& spec);

/// The name wrong_sizes_throw draws what has the wrong size under (the case shows the argument
/// itself instead).
inline constexpr const char* kWrongSizeDraw = "what has the wrong size";

Outcome run_lnb_property(uint64_t seed, int cases,
                         const std::function<std::optional<Failure>()>& body);

/// The three gradients, named as the header names them.
struct Grads {
  kt::Tensor dx, dweight, dbias;
  static constexpr std::array<const char*, 3> kNames = {"dx", "dweight", "dbias"};
  [[nodiscard]] const kt::Tensor& operator[](size_t i) const {
    return i == 0 ? dx : i == 1 ? dweight : dbias;
  }
};

/// What the learner's call did: the Run (run.out is dx when all three came back defined), the
/// gradients, and which inputs it changed.
struct Called {
  Run run;
  Grads grads;
  std::vector<std::string> changed;
};
Called run_learner(const Case& c);
Grads run_reference(const Case& c);

/// Each gradient of the right shape and dtype (x's shape, (D), (D); Float64): "" when all are,
/// else what is wrong ("dweight has shape [3, 4]; it must be [4]").
std::string shapes_wrong(const Case& c, const Grads& g);
/// Closeness of one gradient: rtol 1e-9, atol 1e-11 * (1 + its largest expected |value|).
bool close_grad(const kt::Tensor& got, const kt::Tensor& expected);
/// The gradients (names) that differ, "dx and dbias", or "".
std::string differing(const Grads& got, const Grads& expected);

/// The failure for a case: the case, and for each differing gradient its row where it differs
/// most.
Failure failure(const Case& c, const Grads& got, std::string message);
/// The failure for a call that threw, or returned an undefined or misshapen gradient.
Failure failure_from_call(const Case& c, const Called& called);

}  // namespace grader::kata_layer_norm_backward
