// The mha_function reference against PyTorch's recorded explicit-op outputs (float64), and the
// orientation of its weights worked out by hand.
#include <catch2/catch.hpp>
#include <vector>

#include "kt/tensor.hpp"
#include "reference/common/golden_file.hpp"
#include "reference/mha_function/mha_function.hpp"

TEST_CASE("the mha_function reference matches PyTorch's explicit ops within rtol 1e-10, atol 1e-12",
          "[reference][golden]") {
  const auto cases =
      ref::golden::load(KT_REFERENCE_DIR "/mha_function/tests/data/mha_function_cases.txt");
  REQUIRE(cases.size() == 6);
  for (const auto& c : cases) {
    INFO("case " << c.name);
    const kt::Shape x_shape = c.shape("x_shape");
    const int64_t d = x_shape.back();
    const auto w = [&](const char* key) { return c.tensor(key, {d, d}); };
    const kt::Tensor mask = c.has("mask") ? c.mask("mask", c.shape("mask_shape")) : kt::Tensor();
    const kt::Tensor got = ref::mha_function(c.tensor("x", x_shape), w("wq"), w("wk"), w("wv"),
                                             w("wo"), c.shape("h")[0], mask);
    CHECK(kt::allclose(got, c.tensor("out", x_shape), 1e-10, 1e-12));
  }
}

TEST_CASE("the mha_function reference applies each weight as x @ W", "[reference]") {
  // One token: attention returns its own value, so out = x Wv Wo. With x = (1, 0) and Wv the
  // permutation (0 1; 1 0), x @ Wv = (0, 1) (x @ Wvᵀ would be the same; a non-symmetric Wo
  // tells them apart): Wo = (1 2; 3 4) gives (0, 1) @ Wo = (3, 4), where x @ Woᵀ would give (2, 4).
  const kt::Tensor x = kt::from_vector(std::vector<double>{1, 0}, {1, 1, 2});
  const kt::Tensor wv = kt::from_vector(std::vector<double>{0, 1, 1, 0}, {2, 2});
  const kt::Tensor wo = kt::from_vector(std::vector<double>{1, 2, 3, 4}, {2, 2});
  const kt::Tensor wq = kt::eye(2), wk = kt::eye(2);
  const kt::Tensor got = ref::mha_function(x, wq, wk, wv, wo, 1);
  CHECK(kt::allclose(got, kt::from_vector(std::vector<double>{3, 4}, {1, 1, 2}), 1e-15, 1e-15));
}
