// expect: fail
// Hostile: asks the model about ever longer prefixes, never returning. The model refuses a prefix
// longer than bos + max_new_tokens (std::length_error, saying so) before time or memory run out.
#include "beam_search.hpp"

namespace kata {

std::vector<Hypothesis> beam_search(const NextLogProbs& model, int64_t bos, int64_t, int64_t,
                                    int64_t, double) {
  std::vector<int64_t> prefix{bos};
  for (;;) {
    (void)model(prefix);
    prefix.push_back(int64_t(prefix.size()) % 3);
  }
}

}  // namespace kata
