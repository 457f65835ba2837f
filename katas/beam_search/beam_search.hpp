// GIVEN — do not edit. The grader calls kata::beam_search, which you write in beam_search.cpp.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "kt/tensor.hpp"

namespace kata {

/// The model: given a prefix (it starts with bos), the log-probabilities of the next token, (V),
/// any floating dtype and any layout. Take them as they come: they are read as float64 and need
/// not sum to 1 in probability.
using NextLogProbs = std::function<kt::Tensor(const std::vector<int64_t>& prefix)>;

/// A finished hypothesis: its tokens (bos left out; the last is eos when it finished on eos), the
/// running sum of the model's values along them, and its score
/// log_prob / tokens.size() ^ length_penalty.
struct Hypothesis {
  std::vector<int64_t> tokens;
  double log_prob = 0.0;
  double score = 0.0;
};

/// Beam search, exactly as README.md states it:
///  - Start: one live hypothesis with no tokens.
///  - Each step (at most max_new_tokens): every live hypothesis is extended by every token (its
///    log_prob plus the model's value for that token, the prefix being bos then its tokens).
///    Candidates are taken in decreasing log_prob (ties: the earlier live hypothesis, then the
///    lower token id) until beam_width candidates not ending in eos are taken: they are the next
///    live hypotheses, in that order; every eos candidate taken before that point is finished.
///  - Stop after a step that leaves >= beam_width finished, when none is live, or after
///    max_new_tokens steps; the live hypotheses left are then finished too.
///  - Return the finished hypotheses by decreasing score (ties: higher log_prob, then the
///    lexicographically smaller tokens), at most beam_width of them.
/// Throws kt::ValueError unless beam_width >= 1 and max_new_tokens >= 1.
std::vector<Hypothesis> beam_search(const NextLogProbs& model, int64_t bos, int64_t eos,
                                    int64_t beam_width, int64_t max_new_tokens,
                                    double length_penalty = 1.0);

}  // namespace kata
