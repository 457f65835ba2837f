// The cross_entropy reference against F.cross_entropy's recorded outputs (float64), and against
// values worked out by hand.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "kt/tensor.hpp"
#include "reference/common/golden_file.hpp"
#include "reference/cross_entropy/cross_entropy.hpp"

TEST_CASE("the cross_entropy reference matches F.cross_entropy within rtol 1e-10, atol 1e-12",
          "[reference][golden]") {
  const auto cases =
      ref::golden::load(KT_REFERENCE_DIR "/cross_entropy/tests/data/cross_entropy_cases.txt");
  REQUIRE(cases.size() == 13);
  for (const auto& c : cases) {
    INFO("case " << c.name);
    const kt::Shape shape = c.shape("shape");
    const kt::Tensor target = c.tensor("target", {shape[0]}).to(kt::Int64);
    const kt::Tensor got =
        ref::cross_entropy(c.tensor("logits", shape), target, c.shape("ignore_index")[0],
                           c.values("label_smoothing")[0]);
    CHECK(got.dim() == 0);
    CHECK(got.dtype() == kt::Float64);
    CHECK(kt::allclose(got, kt::full({}, c.values("out")[0]), 1e-10, 1e-12, /*equal_nan=*/true));
  }
}

TEST_CASE("the cross_entropy reference gives the values worked out by hand", "[reference]") {
  // Rows [0, log 3] with target 1 (p = 3/4) and [1000, 1000] with target 0 (p = 1/2).
  const kt::Tensor logits =
      kt::from_vector(std::vector<double>{0.0, std::log(3.0), 1000.0, 1000.0}, {2, 2});
  const kt::Tensor target = kt::from_vector(std::vector<int64_t>{1, 0}, {2});
  const double want = (-std::log(0.75) - std::log(0.5)) / 2;
  CHECK(ref::cross_entropy(logits, target, -100, 0.0).item() == Approx(want).epsilon(1e-13));
  // The second row ignored: the mean is over the first alone.
  const kt::Tensor one_ignored = kt::from_vector(std::vector<int64_t>{1, -100}, {2});
  CHECK(ref::cross_entropy(logits, one_ignored, -100, 0.0).item() ==
        Approx(-std::log(0.75)).epsilon(1e-13));
  // Smoothing 0.5 on the first row alone: 0.5 * -log(3/4) + 0.5 * (-log(1/4) - log(3/4)) / 2.
  const double smoothed = 0.5 * -std::log(0.75) + 0.25 * (-std::log(0.25) - std::log(0.75));
  CHECK(ref::cross_entropy(logits, one_ignored, -100, 0.5).item() ==
        Approx(smoothed).epsilon(1e-13));
}
