// Detector of finished_beams_extended: an eos candidate is finished and also stays live (outside
// the beam_width slots), so the search extends it again: tokens after eos.
#include "grader/katas/beam_search/detect.hpp"

namespace grader::kata_beam_search {
namespace {

Outcome check_finished_beams_extended(uint64_t seed) {
  return detect(seed, detector_spec({ModelKind::EosLikely}, {1.0}),
                Steps{.eos = Steps::Eos::ExtendedAgain}, &Made::finished_beams_extended,
                "finished_beams_extended", [](const Case&, const Steps&) {
                  return std::string(
                      "your search keeps extending hypotheses that ended in eos: they are "
                      "finished, and also stay live, so the model is asked about prefixes "
                      "ending in eos and tokens come after eos. A hypothesis that takes eos is "
                      "finished: move it to the finished list and never extend it again.");
                });
}

const Registrar registered_finished_beams_extended({"pitfall_finished_beams_extended",
                                                    "a finished hypothesis is never extended",
                                                    check_finished_beams_extended});

}  // namespace
}  // namespace grader::kata_beam_search
