#include "grader/katas/kv_cache/detect.hpp"

namespace grader::kata_kv_cache {

std::optional<Failure> cannot_check(const Case& c, const Decode& d, const std::string& id) {
  auto f = failure_from_decode(c, d);
  if (!f) return std::nullopt;
  return could_not_check(std::move(*f), id);
}

bool mistake_combination(const Case& c, const kt::Tensor& got,
                         const std::function<bool(const Mistakes&)>& wanted) {
  bool with = false;
  for (const bool not_appended : {false, true}) {
    for (const bool top_left : {false, true}) {
      for (const bool restart : {false, true}) {
        const Mistakes m{
            .not_appended = not_appended, .top_left = top_left, .positions_restart = restart};
        if (!close(got, decode_with_mistakes(c, m))) continue;
        if (!wanted(m)) return false;  // explained without this mistake: not its signature
        with = true;
      }
    }
  }
  return with;
}

Failure found_pitfall(const Case& c, const kt::Tensor& got, const char* id, std::string message) {
  Failure f = failure(c, got, run_reference(c).out, std::move(message));
  f.pitfall = id;
  return f;
}

Outcome detect_switch(uint64_t seed, const char* id,
                      const std::function<bool(const Mistakes&)>& wanted,
                      const std::string& message) {
  return run_kv_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(detector_spec());
    const Decode d = run_learner(c);
    if (auto stopped = cannot_check(c, d, id)) return stopped;
    if (close(d.run.out, run_reference(c).out)) return std::nullopt;
    if (!mistake_combination(c, d.run.out, wanted)) return std::nullopt;
    return found_pitfall(c, d.run.out, id, message);
  });
}

}  // namespace grader::kata_kv_cache
