// Detector of dropout_on_output: dropout applied after the weights met the values (on the heads'
// outputs or on the module's output). See Note [mha_train detectors] in detect.hpp.
#include <cmath>
#include <vector>

#include "grader/katas/mha_train/detect.hpp"

namespace grader::kata_mha_train {
namespace {

/// Whether a copy of the weights read off the output (B, H, T, T) has a key column where one
/// query's entry is dropped and another's kept. A dropout on the outputs drops each (query,
/// feature) on its own; a dropout on the values v drops feature d of key j for every query at
/// once (v_j = (e_j, e_j) here: the column), which is no output dropout.
bool mixed_column(const kt::Tensor& copy, const kt::Tensor& expected, double p) {
  const int64_t T = expected.size(-1);
  const std::vector<double> g = copy.contiguous().to_vector<double>();
  const std::vector<double> e = expected.contiguous().to_vector<double>();
  const auto near = [](double a, double b) { return std::abs(a - b) <= 1e-9 * (1 + std::abs(b)); };
  for (size_t block = 0; block < e.size(); block += size_t(T * T)) {
    for (int64_t j = 0; j < T; ++j) {
      bool dropped = false, kept = false;
      for (int64_t i = 0; i < T; ++i) {
        const size_t at = block + size_t(i * T + j);
        if (e[at] <= 1e-9) continue;
        // Kept: as it was, divided by 1 - p, or (after out_proj) with the bias divided too.
        const bool k = near(g[at], e[at]) || near(g[at], e[at] / (1 - p)) ||
                       near(g[at], (e[at] + kOutBias) / (1 - p) - kOutBias);
        (k ? kept : dropped) = true;
      }
      if (dropped && kept) return true;
    }
  }
  return false;
}

Outcome check_dropout_on_output(uint64_t seed) {
  return run_train_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = detector_case(true);
    const Calls r = run_learner(c, kDetectorCalls);
    if (auto stopped = cannot_check(c, r, "dropout_on_output")) return stopped;
    for (const kt::Tensor& out : r.outs) {
      const Revealed got = reveal(c, out);
      if (close(got.first, got.second, 1e-9, 1e-9)) continue;
      if (!mixed_column(got.first, got.expected, c.p) &&
          !mixed_column(got.second, got.expected, c.p))
        continue;  // the values dropped, or something else: no output dropout
      return found_pitfall(
          c, out, "dropout_on_output",
          "your output's features were dropped one by one: in this case every value vector "
          "carries the same numbers twice (v_j = (e_j, e_j)), so dropping attention weights "
          "changes both copies alike, yet your two copies differ. The dropout ran on the heads' "
          "outputs or on the module's output. Attention dropout acts on the weights after the "
          "softmax, before they multiply v.");
    }
    return std::nullopt;
  });
}

const Registrar registered_dropout_on_output(
    {"pitfall_dropout_on_output", "dropout acts on the attention weights, not on the outputs",
     check_dropout_on_output});

}  // namespace
}  // namespace grader::kata_mha_train
