// expect: error
// Does not compile: a missing semicolon. The report must show the compiler's first error,
// file:line first.
#include "beam_search.hpp"

namespace kata {

std::vector<Hypothesis> beam_search(const NextLogProbs& model, int64_t bos, int64_t eos,
                                    int64_t beam_width, int64_t max_new_tokens,
                                    double length_penalty) {
  std::vector<Hypothesis> live(1) return live;
}

}  // namespace kata
