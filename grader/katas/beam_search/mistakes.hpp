// The beam_search kata's simulation of the searches learners write: the statement's search with
// each classic choice made one way or another (Steps), run on a case's model. The pitfall
// detectors (detect.hpp) and the catalogue (catalogue.hpp) search it; the kata's own reference is
// reference/beam_search, written apart (a test checks the default Steps against it).
#pragma once

#include <cstdint>
#include <functional>
#include <tuple>
#include <vector>

#include "reference/beam_search/beam_search.hpp"

namespace grader::kata_beam_search {

struct Steps {
  /// What the candidates of a step are selected from.
  enum class Pool {
    Global,       // every extension of every live hypothesis (right)
    PerBeam,      // each live hypothesis's own best beam_width extensions, eos included
    PerBeamBest,  // each live hypothesis's own best extension only (ties: the smaller token)
  } pool = Pool::Global;
  /// What an eos candidate does.
  enum class Eos {
    Finished,       // taken before the live set is full: finished, no slot (right)
    ExtendedAgain,  // finished, and also live outside the slots: extended again
    KeptLive,       // the first beam_width candidates live, eos or not; a live eos hypothesis
                    // carried over unextended; nothing finishes before the stop
    TakesSlot,      // the first beam_width candidates taken: the eos ones finished, the rest live
  } eos = Eos::Finished;
  /// The score returned and sorted by.
  enum class Score {
    Penalty,       // log_prob / size ^ length_penalty (right)
    LogProb,       // log_prob
    CountsBos,     // log_prob / (size + 1) ^ length_penalty
    FinishedOnly,  // the penalty on the hypotheses that ended with eos, log_prob on those live at
                   // the stop (a single slip of the search, and the catalogue)
  } score = Score::Penalty;
  /// What the result is sorted by.
  enum class Order {
    Score,    // (right)
    LogProb,  // the scores right, the order by log_prob
    Found,    // not sorted: the order they finished in, then the live ones left (catalogue)
  } order = Order::Score;
  /// What a hypothesis carries.
  enum class Carry {
    Sums,      // the running sum of the values (right)
    Products,  // the product of exp(value), log taken at the end
    Last,      // the model's value for the last token alone, nothing carried (catalogue)
  } carry = Carry::Sums;
  /// When the search stops early (besides no live hypothesis and max_new_tokens).
  enum class Stop {
    AtWidth,          // after a step that leaves >= beam_width finished (right)
    AboveWidth,       // ... > beam_width finished
    AtFirstFinished,  // ... one finished
    Never,            // never early
    AtBestEos,        // ... whose best candidate ends in eos (greedy decoding's rule)
  } stop = Stop::AtWidth;
  bool start_with_copies = false;     // true: the search starts from beam_width empty hypotheses
  bool live_finished_at_stop = true;  // false: the live hypotheses left at the stop are dropped
  bool tokens_with_bos = false;       // true: the returned tokens start with bos
  bool one_step_more = false;         // true: max_new_tokens + 1 steps at most (catalogue)

  /// The choices that change the search itself (the others only what is made of its finished
  /// hypotheses): searches alike in these share one run (search_core).
  [[nodiscard]] auto core() const {
    return std::make_tuple(pool, eos, carry, stop, start_with_copies, one_step_more);
  }
};

/// The kata's pitfalls a computation makes.
struct Made {
  bool per_beam_top_k = false;
  bool finished_beams_extended = false;
  bool no_length_penalty = false;
  bool eos_kept_live = false;
  bool probabilities_multiplied = false;
};
Made pitfalls_made(const Steps& steps);

/// What a search with these choices finishes, before scoring: the hypotheses finished on eos in
/// the order they finished, then the live ones left at the stop; log_prob set, score not.
struct Core {
  std::vector<ref::Hypothesis> finished, live;
};
Core search_core(const ref::NextValues& model, int64_t bos, int64_t eos, int64_t beam_width,
                 int64_t max_new_tokens, const Steps& steps);
/// What a search with these choices returns, from its core.
std::vector<ref::Hypothesis> result_of(const Core& core, int64_t bos, int64_t beam_width,
                                       double length_penalty, const Steps& steps);

/// What a search with these choices returns: result_of(search_core(...)).
std::vector<ref::Hypothesis> search_with_steps(const ref::NextValues& model, int64_t bos,
                                               int64_t eos, int64_t beam_width,
                                               int64_t max_new_tokens, double length_penalty,
                                               const Steps& steps);

}  // namespace grader::kata_beam_search
