// expect: error
// Hangs: searches forever. Each check must time out and say so.
#include "beam_search.hpp"

namespace kata {

std::vector<Hypothesis> beam_search(const NextLogProbs&, int64_t, int64_t, int64_t, int64_t,
                                    double) {
  volatile bool forever = true;
  while (forever) {
  }
  return {};
}

}  // namespace kata
