// The beam_search kata's reference, which the grader trusts: plain loops over the model's values
// in double, step by step as the statement words it, no tensor at all.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

namespace ref {

/// The model as the reference reads it: the values for the next token after `prefix` (bos, then
/// a hypothesis's tokens), as double.
using NextValues = std::function<std::vector<double>(const std::vector<int64_t>& prefix)>;

struct Hypothesis {
  std::vector<int64_t> tokens;  // bos left out
  double log_prob = 0.0;
  double score = 0.0;
};

/// One step of the search: the candidates taken, in the order taken (every extension of every
/// live hypothesis sorted by decreasing log_prob, ties by live hypothesis then token, up to the
/// one that completes the live set), and the live set after it.
struct Step {
  std::vector<Hypothesis> taken;  // in decreasing log_prob; those ending in eos were finished
  std::vector<Hypothesis> live;
};

struct Search {
  std::vector<Step> steps;
  std::vector<Hypothesis> finished;  // every finished hypothesis, live ones left at the stop too,
                                     // in the order they finished (before sorting by score)
  std::vector<Hypothesis> result;    // what kata::beam_search returns
};

/// The statement's beam search with every step kept. beam_width >= 1, max_new_tokens >= 1.
Search beam_search_steps(const NextValues& model, int64_t bos, int64_t eos, int64_t beam_width,
                         int64_t max_new_tokens, double length_penalty);

/// What kata::beam_search returns: beam_search_steps(...).result.
std::vector<Hypothesis> beam_search(const NextValues& model, int64_t bos, int64_t eos,
                                    int64_t beam_width, int64_t max_new_tokens,
                                    double length_penalty);

/// log_prob / tokens.size() ^ length_penalty.
double beam_score(const Hypothesis& h, double length_penalty);

/// The order of the result: decreasing score, then higher log_prob, then lexicographically
/// smaller tokens.
bool ranks_before(const Hypothesis& a, const Hypothesis& b);

}  // namespace ref
