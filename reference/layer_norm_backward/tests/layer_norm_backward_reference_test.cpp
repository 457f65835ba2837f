// The layer_norm_backward reference against PyTorch's autograd (float64), and its objective
// against finite differences.
#include <catch2/catch.hpp>
#include <vector>

#include "kt/tensor.hpp"
#include "reference/common/golden_file.hpp"
#include "reference/layer_norm_backward/layer_norm_backward.hpp"

TEST_CASE(
    "the layer_norm_backward reference matches PyTorch's autograd within rtol 1e-10, "
    "atol 1e-12",
    "[reference][golden]") {
  const auto cases = ref::golden::load(
      KT_REFERENCE_DIR "/layer_norm_backward/tests/data/layer_norm_backward_cases.txt");
  REQUIRE(cases.size() == 6);
  for (const auto& c : cases) {
    INFO("case " << c.name);
    const kt::Shape shape = c.shape("shape");
    const kt::Shape d{shape.back()};
    const ref::LayerNormGrads got = ref::layer_norm_backward(
        c.tensor("x", shape), c.tensor("weight", d), c.tensor("dout", shape), c.values("eps")[0]);
    CHECK(kt::allclose(got.dx, c.tensor("dx", shape), 1e-10, 1e-12));
    CHECK(kt::allclose(got.dweight, c.tensor("dweight", d), 1e-10, 1e-12));
    CHECK(kt::allclose(got.dbias, c.tensor("dbias", d), 1e-10, 1e-12));
  }
}

TEST_CASE("the layer_norm objective's central differences agree with the reference's dx",
          "[reference]") {
  kt::Generator gen(7);
  const kt::Tensor x = kt::randn({3, 4}, gen), w = kt::randn({4}, gen), b = kt::randn({4}, gen);
  const kt::Tensor dout = kt::randn({3, 4}, gen);
  const ref::LayerNormGrads g = ref::layer_norm_backward(x, w, dout, 1e-5);
  const double h = 1e-5;
  for (int64_t i = 0; i < 3; ++i)
    for (int64_t j = 0; j < 4; ++j) {
      kt::Tensor up = x.clone(), down = x.clone();
      up.set({i, j}, x.at({i, j}) + h);
      down.set({i, j}, x.at({i, j}) - h);
      const double fd = (ref::layer_norm_objective(up, w, b, dout, 1e-5) -
                         ref::layer_norm_objective(down, w, b, dout, 1e-5)) /
                        (2 * h);
      CHECK(fd == Approx(g.dx.at({i, j})).epsilon(1e-6).margin(1e-8));
    }
}
