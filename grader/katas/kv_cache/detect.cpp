#include "grader/katas/kv_cache/detect.hpp"

namespace grader::kata_kv_cache {

std::optional<Failure> cannot_check(const Case& c, const Decode& d, const std::string& id) {
  auto f = failure_from_decode(c, d);
  if (!f) return std::nullopt;
  return could_not_check(std::move(*f), id);
}

std::optional<Mistakes> mistake_combination(const Case& c, const kt::Tensor& got,
                                            const std::function<bool(const Mistakes&)>& wanted) {
  std::optional<Mistakes> with;
  for (const bool not_appended : {false, true}) {
    for (const bool top_left : {false, true}) {
      // The positions: right, q and k from 0, or q alone from 0.
      for (const int restart : {0, 1, 2}) {
        const Mistakes m{.not_appended = not_appended,
                         .top_left = top_left,
                         .positions_restart = restart == 1,
                         .queries_restart = restart == 2};
        if (!close(got, decode_with_mistakes(c, m))) continue;
        if (!wanted(m)) return std::nullopt;  // explained without this mistake: not its signature
        if (!with) with = m;
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
                      const std::function<std::string(const Mistakes&)>& message,
                      const Spec& spec) {
  return run_kv_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(spec);
    const Decode d = run_learner(c);
    if (auto stopped = cannot_check(c, d, id)) return stopped;
    if (close(d.run.out, run_reference(c).out)) return std::nullopt;
    const std::optional<Mistakes> m = mistake_combination(c, d.run.out, wanted);
    if (!m) return std::nullopt;
    return found_pitfall(c, d.run.out, id, message(*m));
  });
}

Outcome detect_switch(uint64_t seed, const char* id,
                      const std::function<bool(const Mistakes&)>& wanted,
                      const std::string& message, const Spec& spec) {
  return detect_switch(
      seed, id, wanted, [&](const Mistakes&) { return message; }, spec);
}

}  // namespace grader::kata_kv_cache
