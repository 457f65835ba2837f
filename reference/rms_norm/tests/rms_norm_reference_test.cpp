// The rms_norm reference against LLaMA's RMSNorm computed by PyTorch (float64), and against values
// worked out by hand.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "kt/tensor.hpp"
#include "reference/common/golden_file.hpp"
#include "reference/rms_norm/rms_norm.hpp"

TEST_CASE("the rms_norm reference matches PyTorch's RMSNorm within rtol 1e-10, atol 1e-12",
          "[reference][golden]") {
  const auto cases = ref::golden::load(KT_REFERENCE_DIR "/rms_norm/tests/data/rms_norm_cases.txt");
  REQUIRE(cases.size() == 8);
  for (const auto& c : cases) {
    INFO("case " << c.name);
    const kt::Shape shape = c.shape("shape");
    const kt::Tensor got =
        ref::rms_norm(c.tensor("x", shape), c.tensor("weight", {shape.back()}), c.values("eps")[0]);
    CHECK(got.dtype() == kt::Float64);
    CHECK(kt::allclose(got, c.tensor("out", shape), 1e-10, 1e-12));
  }
}

TEST_CASE("the rms_norm reference gives the values worked out by hand", "[reference]") {
  // The row [3, 4]: mean of squares 12.5; with eps 0.25 the root is sqrt(12.75).
  const kt::Tensor x = kt::from_vector(std::vector<double>{3, 4, 0, 0}, {2, 2});
  const kt::Tensor w = kt::from_vector(std::vector<double>{2, -1}, {2});
  const double s = 1.0 / std::sqrt(12.75);
  const kt::Tensor want = kt::from_vector(std::vector<double>{6 * s, -4 * s, 0, 0}, {2, 2});
  CHECK(kt::allclose(ref::rms_norm(x, w, 0.25), want, 1e-15, 1e-15));
  CHECK(ref::rms_norm(x.to(kt::Float32), w, 0.25).dtype() == kt::Float64);
}
