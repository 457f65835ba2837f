// The flash_attention reference against PyTorch's naive attention (float64), and against values
// worked out by hand.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "kt/tensor.hpp"
#include "reference/common/golden_file.hpp"
#include "reference/flash_attention/flash_attention.hpp"

TEST_CASE("the flash_attention reference matches PyTorch's naive attention",
          "[reference][golden]") {
  const auto cases =
      ref::golden::load(KT_REFERENCE_DIR "/flash_attention/tests/data/flash_attention_cases.txt");
  REQUIRE(cases.size() == 6);
  for (const auto& c : cases) {
    INFO("case " << c.name);
    const kt::Shape shape = c.shape("shape");
    kt::Shape v_shape = shape;
    v_shape.back() = c.shape("d_v")[0];
    const kt::Tensor got = ref::flash_attention(c.tensor("q", shape), c.tensor("k", shape),
                                                c.tensor("v", v_shape), c.shape("causal")[0] != 0);
    CHECK(kt::allclose(got, c.tensor("out", v_shape), 1e-10, 1e-12));
  }
}

TEST_CASE("the flash_attention reference weighs two keys as worked out by hand", "[reference]") {
  // d = 1, scale 1: query 1's scores are 1·0 = 0 and 1·log 3 = log 3, weights 1/4 and 3/4.
  const kt::Tensor q = kt::from_vector(std::vector<double>{0.0, 1.0}, {2, 1});
  const kt::Tensor k = kt::from_vector(std::vector<double>{0.0, std::log(3.0)}, {2, 1});
  const kt::Tensor v = kt::from_vector(std::vector<double>{4.0, 8.0}, {2, 1});
  // Not causal: query 0 scores 0 and 0 (weights 1/2, 1/2); query 1 as above.
  CHECK(kt::allclose(ref::flash_attention(q, k, v, false),
                     kt::from_vector(std::vector<double>{6.0, 7.0}, {2, 1}), 1e-15, 1e-14));
  // Causal: query 0 sees key 0 only.
  CHECK(kt::allclose(ref::flash_attention(q, k, v, true),
                     kt::from_vector(std::vector<double>{4.0, 7.0}, {2, 1}), 1e-15, 1e-14));
}

TEST_CASE(
    "the flash_attention reference returns Float64 from Float32 and refuses mismatched shapes",
    "[reference]") {
  const kt::Tensor x = kt::ones({2, 3, 4}, kt::Float32);
  const kt::Tensor got = ref::flash_attention(x, x, x, true);
  CHECK(got.dtype() == kt::Float64);
  CHECK(got.sizes() == kt::Shape{2, 3, 4});
  CHECK_THROWS_AS(ref::flash_attention(x, kt::ones({2, 4, 4}), x, false), kt::ShapeError);
  CHECK_THROWS_AS(ref::flash_attention(x, x, kt::ones({2, 3}), false), kt::ShapeError);
}
