// Every pitfall of the layer_norm kata alone, and every two together, are named exactly (Note
// [every double named exactly] in grader/tests/doubles/doubles.hpp): the learner's
// kata::layer_norm, written with kt's ops as a learner writes it (solutions/layer_norm/worked.cpp),
// each pitfall a slip as the test bed's known-bad files make it. Kept apart from the grader's
// simulation of the mistakes (grader/katas/layer_norm/mistakes.hpp) on purpose: it is the
// learner's code.
#include <catch2/catch.hpp>

#include <vector>

#include "grader/tests/doubles/check.hpp"
#include "layer_norm.hpp"

namespace {

doubles::Names on;  // the slips now on

bool slip(const char* id) { return on.count(id) != 0; }

/// Whether the variance is kt::var's (centred by its own mean) rather than written out.
bool with_kt_var = false;

}  // namespace

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const bool keepdim = !slip("stats_without_keepdim");
  const auto mean_of = [&](const kt::Tensor& t) {
    if (slip("normalized_wrong_axis")) return kt::mean(t, 0, true);
    return kt::mean(t, -1, keepdim);
  };
  const kt::Tensor mean = mean_of(x);
  kt::Tensor var;
  if (slip("variance_not_centered")) {
    var = mean_of(x * x);
  } else if (with_kt_var && !slip("normalized_wrong_axis")) {
    var = kt::var(x, -1, slip("unbiased_variance"), keepdim);
  } else {
    var = mean_of(kt::pow(x - mean, 2));
    if (slip("unbiased_variance")) {
      const int64_t n = slip("normalized_wrong_axis") ? x.size(0) : x.size(-1);
      var = var * (double(n) / double(n - 1));
    }
  }
  const kt::Tensor sd = slip("eps_outside_sqrt") ? kt::sqrt(var) + eps : kt::sqrt(var + eps);
  return (x - mean) / sd * weight + bias;
}

}  // namespace kata

namespace {

/// The pairs of slips that bear on each other in this learner.
std::vector<doubles::Pair> pairs() {
  using doubles::Relation;
  return {{"normalized_wrong_axis", "stats_without_keepdim", Relation::Absorbs,
           "statistics over dim 0 keep no last axis to drop"},
          {"variance_not_centered", "unbiased_variance", Relation::Absorbs,
           "the mean of x^2 has no divisor of D - 1 to choose"}};
}

}  // namespace

TEST_CASE("layer_norm: no pitfall, every pitfall alone and every two together are named exactly",
          "[doubles]") {
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, pairs()};
  doubles::check_named_exactly(kata);
}

TEST_CASE("layer_norm: the same with the variance from kt::var", "[doubles]") {
  with_kt_var = true;
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, pairs()};
  doubles::check_named_exactly(kata, "the variance from kt::var");
  with_kt_var = false;
}
