// expect: error
// Crashes: writes through a null pointer. Every check must report the crash, not stop the grader.
#include "beam_search.hpp"

namespace kata {

std::vector<Hypothesis> beam_search(const NextLogProbs&, int64_t, int64_t, int64_t, int64_t,
                                    double) {
  volatile int* nowhere = nullptr;
  *nowhere = 1;
  return {};
}

}  // namespace kata
