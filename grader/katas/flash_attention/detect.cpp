#include "grader/katas/flash_attention/detect.hpp"

namespace grader::kata_flash_attention {

Case detector_case(bool causal, int64_t block_min) {
  Spec spec;
  spec.t_min = 4;
  spec.t_max = 12;
  spec.d_max = 4;
  spec.leading_rank_max = 1;
  spec.causal = causal;
  spec.block = BlockKind::Smaller;
  spec.block_min = block_min;
  return generate(spec);
}

std::optional<Failure> cannot_check(const Case& c, const Run& run, const std::string& id) {
  if (shape_ok(c, run)) return std::nullopt;
  return could_not_check(failure_from_run(c, run), id);
}

bool same_as(const Case& c, const kt::Tensor& got, const Mistakes& mistakes) {
  const kt::Tensor sim = simulate(c.q, c.k, c.v, c.causal, c.block, mistakes);
  const kt::Tensor g = got.to(kt::Float64);
  const kt::Tensor nan_rows = kt::any(kt::isnan(g), -1, /*keepdim=*/true);
  if (kt::all(nan_rows).item() != 0.0) return false;
  return same_as_mistake(kt::where(nan_rows, 0.0, g), kt::where(nan_rows, 0.0, sim));
}

std::optional<Mistakes> needs_switch(const Case& c, const kt::Tensor& got,
                                     bool (*on)(const Mistakes&), Mistakes (*off)(Mistakes)) {
  for (const Mistakes& m : all_combinations()) {
    if (!on(m) || !same_as(c, got, m)) continue;
    if (!same_as(c, got, off(m))) return m;
  }
  return std::nullopt;
}

Failure found_pitfall(const Case& c, const kt::Tensor& got, const char* id, std::string message) {
  Failure f = failure(c, got, run_reference(c), std::move(message));
  f.pitfall = id;
  return f;
}

}  // namespace grader::kata_flash_attention
