// expect: error
// Defines beam_search without the length penalty and outside namespace kata: it compiles, but the
// grader's call finds no definition, so linking fails and says so.
#include "beam_search.hpp"

std::vector<kata::Hypothesis> beam_search(const kata::NextLogProbs& model, int64_t bos) {
  (void)model(std::vector<int64_t>{bos});
  return {};
}
