// The moe_router kata's cases (Note [moe_router's tolerances]): on Large logits a right Float32
// computation routes as the Float64 reference does, and some probabilities are exactly 0, tied.
#include <rapidcheck/catch.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <numeric>
#include <vector>

#include "grader/katas/moe_router/cases.hpp"
#include "reference/moe_router/moe_router.hpp"

using namespace grader::kata_moe_router;

namespace {

/// Each token's k experts as a right computation in the logits' own dtype picks them: its
/// probabilities sorted, most probable first, equal ones by the lower id.
std::vector<int64_t> experts_in_own_dtype(const Case& c) {
  const kt::Tensor probs = kt::softmax(c.logits, 1).to(kt::Float64);
  const int64_t n = probs.size(0), e = probs.size(1);
  const std::vector<double> p = probs.contiguous().to_vector<double>();
  std::vector<int64_t> out;
  for (int64_t t = 0; t < n; ++t) {
    std::vector<int64_t> order(static_cast<size_t>(e));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
      return p[size_t(t * e + a)] > p[size_t(t * e + b)];
    });
    out.insert(out.end(), order.begin(), order.begin() + c.k);
  }
  return out;
}

}  // namespace

TEST_CASE("on large logits a right Float32 routing is the reference's, zero probabilities tied",
          "[moe_router]") {
  rc::prop("the experts in the logits' dtype are the reference's", [] {
    Spec spec;
    spec.logits = Logits::Large;
    const Case c = generate(spec);
    const std::vector<int64_t> want =
        ref::route_top_k(c.logits, c.k).expert_index.contiguous().to_vector<int64_t>();
    RC_ASSERT(experts_in_own_dtype(c) == want);
  });
}

TEST_CASE("most large-logit cases have probabilities of exactly 0", "[moe_router]") {
  // A third of the experts below each maximum. (One property per test case: each is a SECTION.)
  int with_zeros = 0;
  rc::prop("counts the cases with zero probabilities", [&] {
    Spec spec;
    spec.logits = Logits::Large;
    spec.e_min = 4;
    with_zeros += has_zero_probabilities(generate(spec)) ? 1 : 0;
  });
  CHECK(with_zeros > 50);
}

TEST_CASE("a logit 745 or more below its row's maximum is a zero probability", "[moe_router]") {
  Case c;
  c.k = 1;
  c.logits = kt::from_vector(std::vector<double>{1000, 990, 300, 1000}, {2, 2});
  CHECK(!has_zero_probabilities(c));
  CHECK(kt::softmax(c.logits, 1).to_vector<double>()[1] > 0);
  c.logits = kt::from_vector(std::vector<double>{1000, 990, 200, 1000}, {2, 2});
  CHECK(has_zero_probabilities(c));
  CHECK(kt::softmax(c.logits, 1).to_vector<double>()[2] == 0);
}

TEST_CASE(
    "experts of zero probability come by id in the reference and by logit in exact arithmetic",
    "[moe_router]") {
  Case c;
  c.k = 3;
  c.logits = kt::from_vector(std::vector<double>{1000, 100, 200}, {1, 3});
  REQUIRE(has_zero_probabilities(c));
  CHECK(run_reference(c).expert_index.to_vector<int64_t>() == std::vector<int64_t>{0, 1, 2});
  const ref::Routing exact = routing_by_logits(c);
  CHECK(exact.expert_index.to_vector<int64_t>() == std::vector<int64_t>{0, 2, 1});
  CHECK(exact.gate.to_vector<double>() == std::vector<double>{1, 0, 0});
  CHECK(exact.aux_loss.item() == run_reference(c).aux_loss.item());
}
