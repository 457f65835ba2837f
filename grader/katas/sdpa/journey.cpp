#include "grader/katas/sdpa/journey.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "grader/lib/attention_map.hpp"

namespace grader::kata_sdpa {

std::vector<Step> expected_steps(const Case& c) {
  const kt::Tensor q = c.q.to(kt::Float64), k = c.k.to(kt::Float64), v = c.v.to(kt::Float64);
  std::vector<Step> steps;
  const auto add = [&](std::string name, const kt::Tensor& value, std::vector<size_t> from) {
    steps.push_back({std::move(name), value.contiguous(), -1, std::move(from)});
    return steps.size() - 1;
  };
  const kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1));
  const size_t s0 = add("scores = q kᵀ", scores, {});
  const kt::Tensor scaled = scores / std::sqrt(double(c.dk()));
  size_t last = add("scores / sqrt(d_k)", scaled, {s0});
  kt::Tensor masked = scaled;
  if (c.mask.defined() || c.causal) {
    kt::Tensor allowed = kt::ones({c.Tq(), c.Tk()}, kt::Bool);
    if (c.causal) allowed = kt::tril(allowed, c.Tk() - c.Tq());
    if (c.mask.defined()) allowed = allowed & c.mask;
    masked = scaled.masked_fill(~allowed, kt::finfo(kt::Float64).min);
    last = add("masked scores (finfo.min where masked)", masked, {last});
  }
  const kt::Tensor weights = kt::softmax(masked, -1);
  const size_t w0 = add("weights = softmax over the keys (dim -1)", weights, {last});
  steps[w0].attention_weights = true;
  add("out = weights @ v", kt::matmul(weights, v), {w0});
  return steps;
}

Journey journey(const Case& c) {
  return journey_of_run(
      expected_steps(c), [&] { return run_learner(c); },
      "the case T_q = " + std::to_string(c.Tq()) + ", T_k = " + std::to_string(c.Tk()) +
          ", d_k = " + std::to_string(c.dk()) + ", d_v = " + std::to_string(c.dv()) + ", " +
          c.call());
}

AttentionMap attention_map(const Case& c) {
  const std::vector<Step> steps = expected_steps(c);
  const auto weights =
      std::find_if(steps.begin(), steps.end(), [](const Step& s) { return s.attention_weights; });
  std::vector<std::string> axes;
  for (int64_t a = 0; weights != steps.end() && a + 2 < weights->value.dim(); ++a)
    axes.push_back("index along leading axis " + std::to_string(a));
  return map_of_call(
      steps,
      [&] {
        const Run run = run_learner(c);
        return run.ok() ? run.out : kt::Tensor();
      },
      axes);
}

}  // namespace grader::kata_sdpa
