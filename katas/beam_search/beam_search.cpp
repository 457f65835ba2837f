// Your kata: beam search. Read README.md, then replace the TODO.
// Grade with:  ./grade beam_search        Stuck?  ./grade hint beam_search
#include "beam_search.hpp"

namespace kata {

std::vector<Hypothesis> beam_search(const NextLogProbs& model, int64_t bos, int64_t eos,
                                    int64_t beam_width, int64_t max_new_tokens,
                                    double length_penalty) {
  // TODO: keep the live hypotheses; each step extend them all, take candidates in decreasing
  // log_prob until beam_width live ones, finish the eos ones taken before; then sort by score.
  (void)model;
  (void)bos;
  (void)eos;
  (void)beam_width;
  (void)max_new_tokens;
  (void)length_penalty;
  throw kt::NotImplemented(
      "kata::beam_search(model, bos, eos, beam_width, max_new_tokens, length_penalty) is not "
      "implemented yet: write it in katas/beam_search/beam_search.cpp");
}

}  // namespace kata
