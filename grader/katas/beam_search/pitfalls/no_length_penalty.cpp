// Detector of no_length_penalty: the score is log_prob, the length penalty ignored.
#include "grader/katas/beam_search/detect.hpp"

namespace grader::kata_beam_search {
namespace {

Outcome check_no_length_penalty(uint64_t seed) {
  return detect(seed, detector_spec({ModelKind::EosLikely}, {0.5, 1.0, 2.0}),
                Steps{.score = Steps::Score::LogProb}, &Made::no_length_penalty,
                "no_length_penalty", [](const Case& c, const Steps&) {
                  return "your scores are the log_probs themselves, with length_penalty = " +
                         number(c.length_penalty) +
                         " ignored: log_prob only falls as a hypothesis grows, so without the "
                         "penalty the shortest hypotheses win. The score is log_prob / "
                         "tokens.size() ^ length_penalty (std::pow), and the result is sorted "
                         "by it.";
                });
}

const Registrar registered_no_length_penalty({"pitfall_no_length_penalty",
                                              "scores are log_prob / size ^ length_penalty",
                                              check_no_length_penalty});

}  // namespace
}  // namespace grader::kata_beam_search
