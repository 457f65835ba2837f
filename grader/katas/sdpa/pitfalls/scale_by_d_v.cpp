// Detector of the pitfall scale_by_d_v: the scores are divided by √ of v's width instead of √d_k.
// See Note [sdpa detectors] in detect.hpp.
#include "grader/katas/sdpa/detect.hpp"

namespace grader::kata_sdpa {
namespace {

Outcome check_scale_by_d_v(uint64_t seed) {
  return check_scale_pitfall(seed, Scale::SqrtDv, "scale_by_d_v", [](const Case& c) {
    const std::string dk = std::to_string(c.dk()), dv = std::to_string(c.dv());
    return "the scores are divided by √d_v = √" + dv + " (v's width), not by √d_k = √" + dk +
           ". The scale belongs to the dot product q·k, whose length is d_k = "
           "q.size(-1) = k.size(-1); d_v is only the width of what the weights "
           "average. Most models have d_v = d_k, so this hides until they "
           "differ.";
  });
}

const Registrar registered_scale_by_d_v({"pitfall_scale_by_d_v",
                                         "the scale is √d_k (q's width), not √d_v",
                                         check_scale_by_d_v});

}  // namespace
}  // namespace grader::kata_sdpa
