// Detector of per_beam_top_k: each live hypothesis keeps only its own best beam_width extensions
// (eos included) and the step selects from that pool, so a hypothesis whose best extensions are
// many loses the ones past its beam_width-th.
#include "grader/katas/beam_search/detect.hpp"

namespace grader::kata_beam_search {
namespace {

Outcome check_per_beam_top_k(uint64_t seed) {
  return detect(
      seed, detector_spec({ModelKind::Peaked}, {1.0}), Steps{.pool = Steps::Pool::PerBeam},
      &Made::per_beam_top_k, "per_beam_top_k",
      [](const Case&, const Steps&) {
        return std::string(
            "your search first keeps each live hypothesis's own best beam_width "
            "extensions and selects from those: when one hypothesis has more good "
            "extensions than beam_width (or one of its best is eos, which takes no "
            "live slot), the extension past its beam_width-th is never a candidate. "
            "Select from every extension of every live hypothesis at once (or keep "
            "2 * beam_width per hypothesis, enough for beam_width that are not eos).");
      },
      // Twice the cases: beside finished_beams_extended most cases where the per-beam
      // pool shows are reproduced without it too, and 40 cases found none on seed 8 (1
      // seed in 20; pitfalls/per_beam_and_extended.cpp).
      2 * kDetectorCases);
}

const Registrar registered_per_beam_top_k(
    {"pitfall_per_beam_top_k", "a step selects from every extension of every live hypothesis",
     check_per_beam_top_k});

}  // namespace
}  // namespace grader::kata_beam_search
