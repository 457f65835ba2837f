// Every pitfall of the moe_router kata alone, and every two together, are named exactly (Note
// [every double named exactly] in grader/tests/doubles/doubles.hpp): the learner's
// kata::route_top_k, written with kt's ops as a learner writes it
// (solutions/moe_router/worked.cpp), each pitfall a slip as the test bed's known-bad files make it.
// Kept apart from the grader's simulation of the mistakes (grader/katas/moe_router/mistakes.hpp) on
// purpose: it is the learner's code.
#include <catch2/catch.hpp>

#include <vector>

#include "grader/tests/doubles/check.hpp"
#include "moe_router.hpp"

namespace {

doubles::Names on;  // the slips now on

bool slip(const char* id) { return on.count(id) != 0; }

}  // namespace

namespace kata {

Routing route_top_k(const kt::Tensor& router_logits, int64_t k) {
  if (router_logits.dim() != 2 || k < 1 || k > router_logits.size(1) || router_logits.size(0) < 1)
    throw kt::ValueError("route_top_k: bad arguments");
  const int64_t n = router_logits.size(0), e = router_logits.size(1);
  const kt::Tensor probs = kt::softmax(router_logits, slip("softmax_wrong_dim") ? 0 : 1);
  // The k most probable, one argmax at a time (the first maximum: ties to the lower id).
  std::vector<kt::Tensor> picks;
  kt::Tensor left = probs;
  for (int64_t j = 0; j < k; ++j) {
    const kt::Tensor pick = kt::argmax(left, 1, true);
    picks.push_back(pick);
    left = left.masked_fill(kt::one_hot(pick.squeeze(1), e).to(kt::Bool), -1.0);
  }
  kt::Tensor index = kt::cat(picks, 1);
  if (slip("experts_unsorted")) {
    // By id: the chosen experts as a mask, read left to right.
    const kt::Tensor chosen = kt::sum(kt::one_hot(index, e), 1).to(kt::Float64);
    std::vector<int64_t> ids;
    const std::vector<double> mask = chosen.to_vector<double>();
    for (int64_t t = 0; t < n; ++t)
      for (int64_t x = 0; x < e; ++x)
        if (mask[size_t(t * e + x)] != 0) ids.push_back(x);
    index = kt::from_vector(ids, {n, k});
  }
  const kt::Tensor top = kt::gather(probs, 1, index);
  const kt::Tensor gate = slip("gate_not_renormalized") ? top : top / kt::sum(top, 1, true);
  const kt::Tensor assigned = kt::one_hot(index, e).to(probs.dtype());  // (N, k, E)
  const kt::Tensor fraction = slip("aux_uses_gate_weights")
                                  ? kt::sum(kt::sum(assigned * gate.unsqueeze(2), 0), 0) / double(n)
                                  : kt::sum(kt::sum(assigned, 0), 0) / double(n * k);
  const kt::Tensor importance = kt::mean(slip("aux_from_logits") ? router_logits : probs, 0);
  const kt::Tensor aux = kt::sum(fraction * importance) * double(e);
  return {index, gate, aux};
}

}  // namespace kata

namespace {

/// The pairs of slips that bear on each other in this learner.
std::vector<doubles::Pair> pairs() {
  using doubles::Relation;
  return {{"softmax_wrong_dim", "aux_uses_gate_weights", Relation::Absorbs,
           "a softmax over the tokens makes every expert's mean probability P_e = 1/N, so the "
           "loss is E/N whatever f_e is made of, as long as the f_e sum to 1"}};
}

}  // namespace

TEST_CASE("moe_router: no pitfall, every pitfall alone and every two together are named exactly",
          "[doubles]") {
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, pairs()};
  doubles::check_named_exactly(kata);
}
