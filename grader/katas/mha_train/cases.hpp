// Random cases for the mha_train kata's checks, the calls into the learner's module, and what a
// training forward reveals of its dropped weights (Note [weights seen through the output]).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "grader/lib/check.hpp"
#include "grader/lib/compare.hpp"
#include "grader/lib/learner_call.hpp"
#include "grader/lib/property.hpp"
#include "kt/tensor.hpp"
#include "reference/mha_train/mha_train.hpp"

namespace grader::kata_mha_train {

struct Case {
  int64_t B = 1, T = 1, H = 1, d_head = 1;
  bool bias = true, causal = false, training = true;
  double p = 0.0;
  ref::MhaWeights w;
  kt::Tensor x;
  uint64_t gen_seed = 0;
  bool revealing = false;  // the design of Note [weights seen through the output]
  [[nodiscard]] int64_t D() const { return H * d_head; }
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> describe() const;
};

/// A case of random weights and x (1-3 heads, biases or not, causal or not) in the given mode.
Case generate(bool training, const std::vector<double>& ps);
/// A case of the revealing design, in the given mode, p drawn from ps.
Case generate_revealing(bool training, const std::vector<double>& ps, int64_t T_min = 3);

Outcome run_train_property(uint64_t seed, int cases,
                           const std::function<std::optional<Failure>()>& body);

/// Builds the module with the case's weights and mode, a kt::Generator seeded with gen_seed, and
/// calls forward `calls` times with that generator (Run.out: the last call's output; every output
/// in `outs`).
struct Calls {
  Run run;
  std::vector<kt::Tensor> outs;
};
Calls run_learner(const Case& c, int calls = 1);
/// The output without dropout (ref::mha_without_dropout).
kt::Tensor run_reference(const Case& c);

/// For the revealing design: the two copies of the (dropped) attention weights an output carries,
/// (B, T, T) each, and the weights without dropout.
struct Revealed {
  kt::Tensor first, second, expected;
};
Revealed reveal(const Case& c, const kt::Tensor& out);

/// Entry by entry either 0 or scale * expected (within 1e-9), with at least one entry dropped
/// where expected > 0 and one kept.
bool dropout_pattern(const kt::Tensor& got, const kt::Tensor& expected, double scale);

bool shape_ok(const Case& c, const Run& run);
Failure failure(const Case& c, const kt::Tensor& got, const kt::Tensor& expected,
                std::string message);
Failure failure_from_run(const Case& c, const Run& run);

}  // namespace grader::kata_mha_train
