// Every pitfall of the speculative_decoding kata alone, and every two together, are named exactly
// (Note [every double named exactly] in grader/tests/doubles/doubles.hpp): the learner's
// kata::speculative_step, written as a learner writes it (solutions/speculative_decoding/
// worked.cpp), each pitfall a slip as the test bed's known-bad files make it. Kept apart from the
// grader's simulation of the mistakes (mistakes.hpp) on purpose: it is the learner's code.
#include <catch2/catch.hpp>

#include <vector>

#include "grader/tests/doubles/check.hpp"
#include "speculative_decoding.hpp"

namespace {

doubles::Names on;  // the slips now on

bool slip(const char* id) { return on.count(id) != 0; }

/// The second form of no_bonus_token: the final u drawn, nothing appended.
bool second_forms = false;

int64_t draw(const std::vector<double>& w, double u) {
  double running = 0;
  for (size_t i = 0; i < w.size(); ++i)
    if ((running += w[i]) > u) return int64_t(i);
  return int64_t(w.size()) - 1;
}

}  // namespace

namespace kata {

std::vector<int64_t> speculative_step(const kt::Tensor& draft_probs,
                                      const std::vector<int64_t>& draft_tokens,
                                      const kt::Tensor& target_probs, kt::Generator& gen) {
  if (draft_probs.dim() != 2 || target_probs.dim() != 2 || draft_probs.size(0) == 0 ||
      target_probs.size(0) != draft_probs.size(0) + 1 ||
      target_probs.size(1) != draft_probs.size(1) ||
      int64_t(draft_tokens.size()) != draft_probs.size(0))
    throw kt::ValueError("an argument outside the API");
  const auto k = size_t(draft_probs.size(0)), v = size_t(draft_probs.size(1));
  const std::vector<double> q = draft_probs.contiguous().to_vector<double>();
  const std::vector<double> p = target_probs.contiguous().to_vector<double>();
  std::vector<int64_t> out;
  for (size_t i = 0; i < k; ++i) {
    const auto x = size_t(draft_tokens[i]);
    const double ratio =
        slip("ratio_inverted") ? q[i * v + x] / p[i * v + x] : p[i * v + x] / q[i * v + x];
    if (gen.uniform() < ratio) {
      out.push_back(int64_t(x));
      continue;
    }
    std::vector<double> w(v);
    double positive = 0;
    for (size_t t = 0; t < v; ++t) {
      const double d = p[i * v + t] - q[i * v + t];
      positive += d > 0 ? d : 0;
      w[t] = slip("resample_from_target")   ? p[i * v + t]
             : slip("residual_not_clamped") ? d
                                            : (d > 0 ? d : 0);
    }
    if (!slip("resample_from_target") && !slip("residual_not_normalized"))
      for (double& e : w) e /= positive;
    out.push_back(draw(w, gen.uniform()));
    return out;
  }
  if (slip("no_bonus_token")) {
    if (second_forms) (void)gen.uniform();
    return out;
  }
  out.push_back(draw({p.begin() + long(k * v), p.end()}, gen.uniform()));
  return out;
}

}  // namespace kata

namespace {

std::vector<doubles::Pair> pairs() {
  using doubles::Relation;
  const char* why = "three answers to what a rejection draws from";
  return {{"residual_not_normalized", "residual_not_clamped", Relation::Exclusive, why},
          {"residual_not_normalized", "resample_from_target", Relation::Exclusive, why},
          {"residual_not_clamped", "resample_from_target", Relation::Exclusive, why}};
}

}  // namespace

TEST_CASE(
    "speculative_decoding: no pitfall, every pitfall alone and every two together are named "
    "exactly",
    "[doubles]") {
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, pairs()};
  doubles::check_named_exactly(kata);
}

TEST_CASE("speculative_decoding: the same with the bonus's u drawn and nothing appended",
          "[doubles]") {
  second_forms = true;
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, pairs()};
  doubles::check_named_exactly(kata, "second forms");
  second_forms = false;
}
