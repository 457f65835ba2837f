// Every pitfall of the rms_norm kata alone, and every two together, are named exactly (Note
// [every double named exactly] in grader/tests/doubles/doubles.hpp): the learner's
// kata::rms_norm, written with kt's ops as a learner writes it (solutions/rms_norm/worked.cpp),
// each pitfall a slip as the test bed's known-bad files make it. Kept apart from the grader's
// simulation of the mistakes (grader/katas/rms_norm/mistakes.hpp) on purpose: it is the learner's
// code.
#include <catch2/catch.hpp>

#include "grader/tests/doubles/check.hpp"
#include "rms_norm.hpp"

namespace {

doubles::Names on;  // the slips now on

bool slip(const char* id) { return on.count(id) != 0; }

/// Whether mean_subtracted centres x only (else x and the statistic: LayerNorm without bias).
bool centre_x_only = false;

}  // namespace

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const int64_t axis = slip("normalized_wrong_axis") ? 0 : -1;
  const auto reduce = [&](const kt::Tensor& t) {
    return slip("sum_not_mean") ? kt::sum(t, axis, true) : kt::mean(t, axis, true);
  };
  kt::Tensor num = x;
  kt::Tensor squares = x * x;
  if (slip("mean_subtracted")) {
    const kt::Tensor c = x - kt::mean(x, axis, true);
    num = c;
    if (!centre_x_only) squares = c * c;
  }
  const kt::Tensor ms = reduce(squares);
  const kt::Tensor root = slip("eps_outside_sqrt") ? kt::sqrt(ms) + eps : kt::sqrt(ms + eps);
  return num / root * (slip("weight_plus_one") ? weight + 1.0 : weight);
}

}  // namespace kata

TEST_CASE("rms_norm: no pitfall, every pitfall alone and every two together are named exactly",
          "[doubles]") {
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, {}};
  doubles::check_named_exactly(kata);
}

TEST_CASE("rms_norm: the same with the mean subtracted from x only", "[doubles]") {
  centre_x_only = true;
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, {}};
  doubles::check_named_exactly(kata, "the mean subtracted from x only");
  centre_x_only = false;
}
