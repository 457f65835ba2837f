// expect: error
// Cheats: calls the grader's reference implementation. The build must refuse it by name.
#include "../../../reference/beam_search/beam_search.hpp"  // found by a relative path
#include "beam_search.hpp"

namespace kata {

std::vector<Hypothesis> beam_search(const NextLogProbs& model, int64_t bos, int64_t eos,
                                    int64_t beam_width, int64_t max_new_tokens,
                                    double length_penalty) {
  const auto values = [&](const std::vector<int64_t>& prefix) {
    return model(prefix).to(kt::Float64).contiguous().to_vector<double>();
  };
  std::vector<Hypothesis> out;
  for (const ref::Hypothesis& h :
       ref::beam_search(values, bos, eos, beam_width, max_new_tokens, length_penalty))
    out.push_back({h.tokens, h.log_prob, h.score});
  return out;
}

}  // namespace kata
