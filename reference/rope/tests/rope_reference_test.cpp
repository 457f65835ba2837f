// The rope reference against Hugging Face's rotate-half formula run in PyTorch (float64), and
// against values worked out by hand.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "kt/tensor.hpp"
#include "reference/common/golden_file.hpp"
#include "reference/rope/rope.hpp"

TEST_CASE("the rope reference matches Hugging Face's rotate_half RoPE run in PyTorch",
          "[reference][golden]") {
  const auto cases = ref::golden::load(KT_REFERENCE_DIR "/rope/tests/data/rope_cases.txt");
  REQUIRE(cases.size() == 8);
  for (const auto& c : cases) {
    INFO("case " << c.name);
    const kt::Shape shape = c.shape("shape");
    const int64_t start_pos = c.shape("start_pos")[0];
    const kt::Tensor got = ref::rope(c.tensor("x", shape), start_pos, c.values("base")[0]);
    // PyTorch computes base^(-2i/d) as 1 / base^(2i/d) and the angle as a product: each a few ulp
    // from this reference's pow, and an angle's error grows with the position (4096 rad here).
    const double atol = 1e-13 * double(1 + start_pos + shape[2]);
    CHECK(kt::allclose(got, c.tensor("out", shape), 1e-10, atol));
  }
}

TEST_CASE("the rope reference rotates each pair (x[i], x[i + d/2]) as worked out by hand",
          "[reference]") {
  // d = 4: pair 0 turns 1 rad per position, pair 1 turns 1/100 rad (base 10000, 10000^(-2/4)).
  const kt::Tensor x = kt::from_vector(std::vector<double>{1, 2, 3, 4, 1, 2, 3, 4}, {1, 1, 2, 4});
  const std::vector<double> got = ref::rope(x, 5).to_vector<double>();
  std::vector<double> want;
  for (const double p : {5.0, 6.0}) {
    const double a0 = p, a1 = p / 100;
    // (x0, x2) by a0 and (x1, x3) by a1.
    want.insert(want.end(),
                {1 * std::cos(a0) - 3 * std::sin(a0), 2 * std::cos(a1) - 4 * std::sin(a1),
                 3 * std::cos(a0) + 1 * std::sin(a0), 4 * std::cos(a1) + 2 * std::sin(a1)});
  }
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) CHECK(got[i] == Approx(want[i]).epsilon(1e-15));
}

TEST_CASE("the rope reference leaves position 0 unchanged, returns Float64 and refuses an odd d",
          "[reference]") {
  const kt::Tensor x = kt::arange(8.0, kt::Float32).view({1, 1, 1, 8});
  const kt::Tensor got = ref::rope(x, 0);
  CHECK(got.dtype() == kt::Float64);
  CHECK(got.sizes() == kt::Shape{1, 1, 1, 8});
  CHECK(got.to_vector<double>() == std::vector<double>{0, 1, 2, 3, 4, 5, 6, 7});
  CHECK_THROWS_AS(ref::rope(kt::zeros({1, 1, 2, 3}), 0), kt::ShapeError);
}
