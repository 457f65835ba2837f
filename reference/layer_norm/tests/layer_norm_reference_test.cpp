// The layer_norm reference against F.layer_norm's recorded outputs (float64), and against values
// worked out by hand.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "kt/tensor.hpp"
#include "reference/common/golden_file.hpp"
#include "reference/layer_norm/layer_norm.hpp"

TEST_CASE("the layer_norm reference matches F.layer_norm within rtol 1e-10, atol 1e-12",
          "[reference][golden]") {
  const auto cases =
      ref::golden::load(KT_REFERENCE_DIR "/layer_norm/tests/data/layer_norm_cases.txt");
  REQUIRE(cases.size() == 9);
  for (const auto& c : cases) {
    INFO("case " << c.name);
    const kt::Shape shape = c.shape("shape");
    const kt::Shape d{shape.back()};
    const kt::Tensor got = ref::layer_norm(c.tensor("x", shape), c.tensor("weight", d),
                                           c.tensor("bias", d), c.values("eps")[0]);
    CHECK(got.dtype() == kt::Float64);
    CHECK(kt::allclose(got, c.tensor("out", shape), 1e-10, 1e-12));
  }
}

TEST_CASE("the layer_norm reference gives the values worked out by hand", "[reference]") {
  // The row [1, 3]: mean 2, biased variance 1, so with eps 0 it is [-1, 1]; then * w + b.
  const kt::Tensor x = kt::from_vector(std::vector<double>{1, 3, 5, 5}, {2, 2});
  const kt::Tensor w = kt::from_vector(std::vector<double>{2, 3}, {2});
  const kt::Tensor b = kt::from_vector(std::vector<double>{10, 20}, {2});
  const double s = 1.0 / std::sqrt(1.0 + 0.25);  // eps 0.25 inside the root
  const kt::Tensor want =
      kt::from_vector(std::vector<double>{10 - 2 * s, 20 + 3 * s, 10, 20}, {2, 2});
  CHECK(kt::allclose(ref::layer_norm(x, w, b, 0.25), want, 1e-15, 1e-15));
  // A Float32 x is read as its values and gives Float64.
  CHECK(ref::layer_norm(x.to(kt::Float32), w, b, 0.25).dtype() == kt::Float64);
}
