// Detector of top_p_excludes_crossing_token: the nucleus stops before the token whose cumulative
// probability reaches top_p (the most probable token always kept).
#include "grader/katas/sampling/detect.hpp"

namespace grader::kata_sampling {
namespace {

Outcome check_top_p_excludes_crossing_token(uint64_t seed) {
  return detect(seed, detector_spec(Temperature::Positive, Filter::Random, Filter::On),
                Steps{.nucleus = Steps::Nucleus::ExcludesCrossing},
                &Made::top_p_excludes_crossing_token, "top_p_excludes_crossing_token",
                [](const Case& c, const Steps&) {
                  return "your nucleus stops one token short: it keeps the most probable tokens "
                         "while their cumulative sum stays below top_p = " +
                         number(c.top_p) +
                         ", and drops the token whose probability takes the sum to top_p or "
                         "past it. That token belongs to the nucleus: it is the shortest prefix "
                         "whose sum is >= top_p, so keep adding tokens while the sum so far is "
                         "< top_p, the token that crosses it included.";
                });
}

const Registrar registered_top_p_excludes_crossing_token(
    {"pitfall_top_p_excludes_crossing_token",
     "the nucleus keeps the token whose cumulative probability reaches top_p",
     check_top_p_excludes_crossing_token});

}  // namespace
}  // namespace grader::kata_sampling
