// Random cases for the mha_train kata's checks, the calls into the learner's module, and what a
// training forward reveals of its dropped weights (Note [weights seen through the output]).
#pragma once

#include "grader/lib/kata.hpp"

#include "grader/lib/draws.hpp"
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
/// The revealing design's out_proj bias (Note [weights seen through the output] in cases.cpp).
inline constexpr double kOutBias = 0.25;

/// The sizes of a revealing case: T from T_min to 6; with several, 2-3 batch entries and 2-3
/// heads (to compare their masks), else 1-2 batch entries and one head.
struct RevealingSizes {
  int64_t T_min = 3;
  bool several = false;
};
/// A case of the revealing design, in the given mode, p drawn from ps.
Case generate_revealing(bool training, const std::vector<double>& ps, RevealingSizes sizes = {});

Outcome run_train_property(uint64_t seed, int cases,
                           const std::function<std::optional<Failure>()>& body);

/// Builds the module with the case's weights and mode, a kt::Generator seeded with gen_seed, and
/// calls forward `calls` times with that generator (Run.out: the last call's output; every output
/// in `outs`; the generator as the calls left it in `gen_after`).
struct Calls {
  Run run;
  std::vector<kt::Tensor> outs;
  kt::Generator gen_after;
};

Calls run_learner(const Case& c, int calls = 1);
/// The output without dropout (ref::mha_without_dropout).
kt::Tensor run_reference(const Case& c);

/// For the revealing design: the two copies of the (dropped) attention weights an output carries,
/// (B, H, T, T) each, and the weights without dropout.
struct Revealed {
  kt::Tensor first, second, expected;
};
Revealed reveal(const Case& c, const kt::Tensor& out);

/// Entry by entry either 0 or scale * expected (within 1e-9), with a row (along the last axis)
/// where one entry is dropped where expected > 0 and another kept: rows wholly dropped beside rows
/// untouched show no scale (a dropout that renormalises each row leaves exactly those).
bool dropout_pattern(const kt::Tensor& got, const kt::Tensor& expected, double scale);

/// The scores of a case without dropout, (B, H, T, T) Float64: q kᵀ / sqrt(d_head), -inf where
/// causality hides a key.
kt::Tensor scores_without_dropout(const Case& c);

/// Note [dropout read off the scores]: what one output's weights (B, H, T, T) tell of a dropout
/// applied to the scores before the softmax that sets a dropped score to 0 and multiplies a kept
/// one by `scale`.
struct ScoreDropout {
  bool explained = false;  // every row is the softmax of its scores dropped so, for some keys
  /// Some row shows a score set to 0: every set of keys that explains it drops a key that still
  /// gets weight (above 1e-9) and keeps one that gets weight. (A dropout that hides dropped
  /// scores with finfo.min gives a dropped key no weight, and a row it leaves whole or drops whole
  /// is explained too.)
  bool shows_zeroed = false;
  /// Per entry of the flat (B, H, T, T) weights: 1 dropped, 0 kept, -1 unread (the keys dropped
  /// that explain its row differ on it).
  std::vector<int> dropped;
};
ScoreDropout read_score_dropout(const kt::Tensor& scores, const kt::Tensor& weights, double scale);

/// Whether weights (B, H, T, T) of case c are what a dropout of the scores before the softmax
/// makes (Note [a dropout before the softmax, and nothing else] in score_dropout.cpp).
bool explained_by_score_dropout(const Case& c, const kt::Tensor& weights);

/// Note [independent dropout]: what the outputs of many training calls on one revealing case tell
/// of how the learner's keep/drop decisions depend on each other.
struct Independence {
  bool applies = false;  // the copies were equal on every call and some weight was dropped
  double rate = 0;       // of dropped weights, over every visible weight of every call
  std::string problem;   // empty when the decisions look independent
  /// The axes ("batch entries", "heads", "queries", "keys") along which every two visible weights
  /// were dropped or kept together on every call: one mask shared along them.
  std::vector<std::string> shared_axes;
  std::string shared_where;  // "in every batch entry, and in every head", or empty
  std::string shared_shape;  // the mask's shape that does that: "(1, 1, T, T)", or empty
  /// Rows of one call that show the sharing: "on call 3, weights[0, 0, 2, :] = [0, 0.41, 0] and
  /// weights[1, 0, 2, :] = [0, 0.62, 0]", or empty.
  std::string shared_example;
  /// On every call, each row's kept weights are the weights without dropout times one number
  /// (1 / (1 - p), or another): a dropout of the right weights, whatever its mask. Not so when
  /// the numbers dropped were not the weights (a dropout on the input x also zeroes a key's
  /// column, and changes the rest). independence() sets it; independence_of_scores() explains
  /// its calls its own way.
  bool kept_as_dropout = false;
};
Independence independence(const Case& c, const std::vector<kt::Tensor>& outs);
/// independence() of the decisions of a dropout on the scores (Note [dropout read off the scores]),
/// read off the weights of every call with one scale, 1 or 1 / (1 - p): applies only when every
/// call's weights are so explained; the weights whose decision some call leaves unread are left
/// out, and shared_example is empty (no weight reads 0).
Independence independence_of_scores(const Case& c, const std::vector<kt::Tensor>& outs);
/// The independence check's and dropout_mask_shared's case: revealing, 2-3 batch entries and
/// heads, T 3-6, p 0.3, 0.5 or 0.7 (Note [independent dropout] says why those), over
/// kIndependenceCalls calls.
inline constexpr int kIndependenceCalls = 60;
inline constexpr int kIndependenceCases = 12;
Case independence_case();

bool shape_ok(const Case& c, const Run& run);
/// The failure of a check on c. On a revealing training case `expected` is the weights without
/// dropout, and the difference says so, unless `expected_said` (the message says what it is).
Failure failure(const Case& c, const kt::Tensor& got, const kt::Tensor& expected,
                std::string message, bool expected_said = false);
Failure failure_from_run(const Case& c, const Run& run);

}  // namespace grader::kata_mha_train
