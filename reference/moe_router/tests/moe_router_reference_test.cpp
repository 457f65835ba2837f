// The moe_router reference against the routing computed by PyTorch (float64; softmax, a stable
// descending sort, renormalised top-k, the load-balancing loss), and against a case worked out by
// hand.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "kt/tensor.hpp"
#include "reference/common/golden_file.hpp"
#include "reference/moe_router/moe_router.hpp"

TEST_CASE(
    "the moe_router reference matches PyTorch's routing: the same experts, gates and loss "
    "within rtol 1e-12",
    "[reference][golden]") {
  const auto cases =
      ref::golden::load(KT_REFERENCE_DIR "/moe_router/tests/data/moe_router_cases.txt");
  REQUIRE(cases.size() == 8);
  for (const auto& c : cases) {
    INFO("case " << c.name);
    const kt::Shape shape = c.shape("shape");
    const auto k = int64_t(c.values("k")[0]);
    const ref::Routing r = ref::route_top_k(c.tensor("logits", shape), k);
    CHECK(r.expert_index.dtype() == kt::Int64);
    CHECK(kt::equal(r.expert_index.to(kt::Float64), c.tensor("expert_index", {shape[0], k})));
    CHECK(kt::allclose(r.gate, c.tensor("gate", {shape[0], k}), 1e-12, 1e-15));
    CHECK(r.aux_loss.dim() == 0);
    CHECK(r.aux_loss.item() == Approx(c.values("aux_loss")[0]).epsilon(1e-12));
  }
}

TEST_CASE("the moe_router reference gives the routing worked out by hand", "[reference]") {
  // Two tokens, three experts, k = 2. Token 0: logits (0, ln 2, ln 3) -> probs (1/6, 2/6, 3/6):
  // experts 2 then 1, gates 3/5 and 2/5. Token 1: logits (ln 3, 0, 0) -> probs (3/5, 1/5, 1/5):
  // expert 0, then a tie between 1 and 2 broken by the lower id: gates 3/4 and 1/4.
  // f = (1, 2, 1) / 4; P = ((1/6 + 3/5) / 2, (2/6 + 1/5) / 2, (3/6 + 1/5) / 2) = (23, 16, 21) / 60;
  // aux = 3 * (23 + 32 + 21) / 240 = 228 / 240 = 0.95.
  const kt::Tensor logits = kt::from_vector(
      std::vector<double>{0, std::log(2.0), std::log(3.0), std::log(3.0), 0, 0}, {2, 3});
  const ref::Routing r = ref::route_top_k(logits, 2);
  CHECK(r.expert_index.to_vector<int64_t>() == std::vector<int64_t>{2, 1, 0, 1});
  const std::vector<double> gate = r.gate.to_vector<double>();
  CHECK(gate[0] == Approx(0.6).epsilon(1e-14));
  CHECK(gate[1] == Approx(0.4).epsilon(1e-14));
  CHECK(gate[2] == Approx(0.75).epsilon(1e-14));
  CHECK(gate[3] == Approx(0.25).epsilon(1e-14));
  CHECK(r.aux_loss.item() == Approx(0.95).epsilon(1e-14));
}
