#include "grader/katas/moe_router/detect.hpp"

#include "grader/lib/searched.hpp"

namespace grader::kata_moe_router {

const std::vector<Steps>& searched_steps() {
  static const std::vector<Steps> all = [] {
    using S = Steps;
    std::vector<Steps> steps;
    for (const auto softmax : {S::Softmax::Experts, S::Softmax::Tokens})
      for (const auto gate : {S::Gate::Renormalized, S::Gate::Probs, S::Gate::Logits})
        for (const auto order :
             {S::Order::ByProbability, S::Order::ById, S::Order::Ascending, S::Order::Reversed})
          for (const auto fraction : {S::Fraction::Counts, S::Fraction::Gates})
            for (const auto importance : {S::Importance::Probs, S::Importance::Logits})
              for (const auto scale : {S::Scale::Experts, S::Scale::One, S::Scale::K})
                steps.push_back({softmax, gate, order, fraction, importance, scale});
    return steps;
  }();
  return all;
}

std::optional<Steps> steps_with(const Case& c, const kt::Tensor& got, bool Made::*pitfall) {
  return explained_by(searched_steps(), pitfall, pitfalls_made, [&](const Steps& steps) {
    return same_as_mistake(got, route_with_steps(c, steps));
  });
}

Outcome detect(uint64_t seed, bool Made::*pitfall, const char* id,
               const std::function<std::string(const Case&, const Steps&)>& message) {
  return run_moe_router_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(detector_spec());
    const Called called = call_learner_on(c);
    if (auto stopped = cannot_check(c, called, id)) return stopped;
    const kt::Tensor got = packed(called);
    if (close(got, packed(run_reference(c)))) return std::nullopt;
    const auto steps = steps_with(c, got, pitfall);
    if (!steps) return std::nullopt;
    // The same case again must give the same routing (a router with state of its own can match a
    // pitfall's computation on one call by chance).
    const Called again = call_learner_on(c);
    if (!again.run.ok() || !identical(packed(again), got)) return std::nullopt;
    Failure f = failure(c, called, message(c, *steps));
    f.pitfall = id;
    return f;
  });
}

}  // namespace grader::kata_moe_router
