#include "grader/katas/rope/detect.hpp"

namespace grader::kata_rope {

std::optional<Failure> cannot_check(const Case& c, const Run& run, const std::string& id) {
  return kata().cannot_check(c, run, id);
}

std::vector<Mistakes> pitfall_combinations(const Case& c, const kt::Tensor& got,
                                           const std::function<bool(const Mistakes&)>& wanted) {
  std::vector<Mistakes> found;
  for (const bool interleaved : {false, true}) {
    for (const bool ignores_start_pos : {false, true}) {
      for (const Frequencies frequencies : kAllFrequencies) {
        for (const bool sign_flipped : {false, true}) {
          const Mistakes m{.interleaved = interleaved,
                           .ignores_start_pos = ignores_start_pos,
                           .frequencies = frequencies,
                           .sign_flipped = sign_flipped};
          if (!wanted(m)) continue;
          if (matches(c, got, rope_with_mistakes(c.x, c.start_pos, c.base, m))) found.push_back(m);
        }
      }
    }
  }
  return found;
}

Failure found_pitfall(const Case& c, const kt::Tensor& got, const char* id, std::string message) {
  Failure f = kata().failure(c, got, run_reference(c), std::move(message));
  f.pitfall = id;
  return f;
}

// Note [a rope pitfall confirmed on another length]
// The detector cases are small (T 2-5, d 4-8), and a mistake outside the search can equal one in
// it on a case by how T and d fall: frequencies over T instead of d are base^(-2i/(d/2)) where
// T = d/2. So a combination is claimed only when it also explains the learner's output on a case
// of another length, T' not d/2 nor d (x drawn from a fixed generator, the same start_pos and
// base); the message then describes a mistake the learner's code makes, not one a case mimics.
Case another_length(const Case& c) {
  int64_t t = c.T() + 1;
  while (t == c.d() / 2 || t == c.d()) ++t;
  kt::Shape shape = c.x.sizes();
  shape[shape.size() - 2] = t;
  kt::Generator gen(20261206);
  Case other = c;
  other.x = kt::randn(shape, gen).to(c.x.dtype());
  other.layout = "contiguous";
  return other;
}

Outcome detect_mistake(uint64_t seed, const char* id,
                       const std::function<bool(const Mistakes&)>& wanted,
                       const std::function<std::string(const Case&, const Mistakes&)>& message) {
  return run_rope_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(detector_spec());
    const Run run = run_learner(c);
    if (auto stopped = cannot_check(c, run, id)) return stopped;
    if (matches(c, run.out, run_reference(c))) return std::nullopt;
    const std::vector<Mistakes> found = pitfall_combinations(c, run.out, wanted);
    if (found.empty()) return std::nullopt;
    // Note [a rope pitfall confirmed on another length]: the first combination that explains it
    // there too (where T = d/2, frequencies over T and over d/2 are one).
    const Case other = another_length(c);
    const Run again = run_learner(other);
    if (!again.ok()) return std::nullopt;
    for (const Mistakes& m : found)
      if (matches(other, again.out, rope_with_mistakes(other.x, other.start_pos, other.base, m)))
        return found_pitfall(c, run.out, id, message(c, m));
    return std::nullopt;
  });
}

}  // namespace grader::kata_rope
