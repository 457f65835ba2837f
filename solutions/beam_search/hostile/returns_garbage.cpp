// expect: fail
// Hostile: returns hypotheses of huge, negative and NaN values: the report must say they are
// wrong, not crash reading them.
#include <cmath>
#include <limits>

#include "beam_search.hpp"

namespace kata {

std::vector<Hypothesis> beam_search(const NextLogProbs&, int64_t, int64_t, int64_t beam_width,
                                    int64_t, double) {
  std::vector<Hypothesis> out;
  for (int64_t i = 0; i < beam_width + 2; ++i)
    out.push_back({{-7, int64_t(1) << 60, std::numeric_limits<int64_t>::min()},
                   std::nan(""),
                   -std::numeric_limits<double>::infinity()});
  return out;
}

}  // namespace kata
