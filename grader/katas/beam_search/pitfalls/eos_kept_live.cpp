// Detector of eos_kept_live: the first beam_width candidates are live whether or not they end in
// eos; a live eos hypothesis is carried over unextended; nothing finishes before the stop.
#include "grader/katas/beam_search/detect.hpp"

namespace grader::kata_beam_search {
namespace {

Outcome check_eos_kept_live(uint64_t seed) {
  return detect(seed, detector_spec({ModelKind::Random}, {1.0}), Steps{.eos = Steps::Eos::KeptLive},
                &Made::eos_kept_live, "eos_kept_live", [](const Case&, const Steps&) {
                  return std::string(
                      "your search keeps a hypothesis that ends in eos among the live ones (in "
                      "one of the beam_width slots, carried over as it is) instead of finishing "
                      "it: it takes a slot from a hypothesis that could still grow, and the "
                      "search cannot stop when beam_width have finished. An eos candidate "
                      "taken before the live set is full goes to the finished list and takes no "
                      "slot; keep taking candidates until beam_width are not eos.");
                });
}

const Registrar registered_eos_kept_live({"pitfall_eos_kept_live",
                                          "an eos candidate is finished and takes no live slot",
                                          check_eos_kept_live});

}  // namespace
}  // namespace grader::kata_beam_search
