#include "grader/katas/rope/detect.hpp"

namespace grader::kata_rope {

std::optional<Failure> cannot_check(const Case& c, const Run& run, const std::string& id) {
  return kata().cannot_check(c, run, id);
}

std::optional<Mistakes> pitfall_combination(const Case& c, const kt::Tensor& got,
                                            const std::function<bool(const Mistakes&)>& wanted) {
  for (const bool interleaved : {false, true}) {
    for (const bool ignores_start_pos : {false, true}) {
      for (const Frequencies frequencies : kAllFrequencies) {
        for (const bool sign_flipped : {false, true}) {
          const Mistakes m{.interleaved = interleaved,
                           .ignores_start_pos = ignores_start_pos,
                           .frequencies = frequencies,
                           .sign_flipped = sign_flipped};
          if (!wanted(m)) continue;
          if (matches(c, got, rope_with_mistakes(c.x, c.start_pos, c.base, m))) return m;
        }
      }
    }
  }
  return std::nullopt;
}

Failure found_pitfall(const Case& c, const kt::Tensor& got, const char* id, std::string message) {
  Failure f = kata().failure(c, got, run_reference(c), std::move(message));
  f.pitfall = id;
  return f;
}

Outcome detect_mistake(uint64_t seed, const char* id,
                       const std::function<bool(const Mistakes&)>& wanted,
                       const std::function<std::string(const Case&, const Mistakes&)>& message) {
  return run_rope_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(detector_spec());
    const Run run = run_learner(c);
    if (auto stopped = cannot_check(c, run, id)) return stopped;
    if (matches(c, run.out, run_reference(c))) return std::nullopt;
    const auto m = pitfall_combination(c, run.out, wanted);
    if (!m) return std::nullopt;
    return found_pitfall(c, run.out, id, message(c, *m));
  });
}

}  // namespace grader::kata_rope
