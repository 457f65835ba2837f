#include "grader/katas/decoder_block/detect.hpp"

namespace grader::kata_decoder_block {

std::vector<Steps> searched_steps(bool mlp_only) {
  using Activation = Steps::Activation;
  std::vector<Steps> all;
  for (const Activation a : {Activation::Gate, Activation::Up, Activation::None}) {
    if (mlp_only) {
      all.push_back({.activation = a});
      continue;
    }
    all.push_back({.post_norm = true, .activation = a});
    for (const bool attn_from_normed : {false, true})
      for (const bool mlp_from_normed : {false, true})
        for (const int reads : {0, 1, 2})  // h, x (its own norm), xn (the attention's norm)
          all.push_back({.attn_from_normed = attn_from_normed,
                         .mlp_from_normed = mlp_from_normed,
                         .mlp_reads_x = reads == 1,
                         .mlp_reads_xn = reads == 2,
                         .activation = a});
  }
  return all;
}

std::optional<Steps> steps_with(const Case& c, const kt::Tensor& got, bool Made::*pitfall) {
  std::optional<Steps> with;
  for (const Steps& steps : searched_steps(c.mlp_only)) {
    if (!matches(got, call_with_steps(c, steps))) continue;
    if (!(pitfalls_made(steps).*pitfall)) return std::nullopt;  // explained without it
    if (!with) with = steps;
  }
  return with;
}

Outcome detect(uint64_t seed, bool mlp_only, bool Made::*pitfall, const char* id,
               const std::function<std::string(const Case&, const Steps&)>& message) {
  return run_block_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = mlp_only ? generate_mlp(true) : generate_forward(true);
    const Run run = run_learner(c);
    if (!shape_ok(c, run)) return could_not_check(failure_from_run(c, run), id);
    const kt::Tensor expected = run_reference(c);
    if (matches(run.out, expected)) return std::nullopt;
    const auto steps = steps_with(c, run.out, pitfall);
    if (!steps) return std::nullopt;
    Failure f = failure(c, run.out, expected, message(c, *steps));
    f.pitfall = id;
    return f;
  });
}

}  // namespace grader::kata_decoder_block
