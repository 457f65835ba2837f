// What the sampling kata's mistakes compute, for the detectors and the catalogue to recognise:
// every way of computing a draw as switches of one simulation. Kept apart from the reference, which
// computes the right answer only (a test asserts the default Steps is the reference).
#pragma once

#include <cstdint>
#include <vector>

#include "kt/tensor.hpp"

namespace grader::kata_sampling {

/// How a learner's code may sample: the temperature's place, greedy at 0, the top-k cut, what the
/// nucleus is computed from and where it stops, what the final probabilities are normalised over,
/// and the order the draw walks the tokens in. The statement's computation is the default.
struct Steps {
  enum class Temperature {
    Logits,               // scores = logits / T: right
    Multiplied,           // logits * T
    SoftmaxRenormalised,  // softmax(logits) / T renormalised: T has no effect
    SoftmaxResoftmaxed,   // softmax(logits) / T used as scores and softmaxed again
    Squared,              // logits / T / T: divided twice (catalogue only)
  };
  enum class Zero {
    Greedy,            // the first index of the largest logit, no draw: right
    GreedyLastOnTies,  // the last index of the largest logit, no draw
    ClampTiny,         // T clamped to 1e-10 and sampled: one draw
    AsOne,             // sampled as if T were 1: one draw
    GreedyDraws,       // the first index of the largest logit, but one draw taken (catalogue only)
  };
  enum class TopK {
    TiesKept,  // every score >= the k-th largest: right
    Exactly,   // k tokens exactly, the lower index first among ties
    Strict,    // the scores > the k-th largest: the k-th and its ties dropped (none left at k = 1)
    OneMore,   // every score >= the (k+1)-th largest: the threshold read one place too far
    Distinct,  // every score >= the k-th largest distinct value: repeats counted once (catalogue)
  };
  enum class NucleusFrom {
    KeptScores,  // softmax of the top-k survivors' scores: right
    KeptLogits,  // softmax of the top-k survivors' raw logits (no temperature)
    AllScores,   // softmax of every token's scores (top-k ignored for the sums)
  };
  enum class Nucleus {
    Crossing,          // the shortest prefix whose sum reaches top_p: right
    ExcludesCrossing,  // stops before the token that reaches top_p (the first always kept)
    LeastProbable,     // the prefix taken from the least probable token up
    IndexOrder,        // the prefix taken in vocabulary order, unsorted
  };
  enum class Renormalise {
    Kept,      // softmax over the tokens still kept: right
    OverAll,   // softmax over all V tokens, the dropped ones left out of the walk
    OverTopK,  // softmax over the top-k survivors, the ones top-p dropped left out
  };
  enum class Order {
    Index,   // the kept tokens in increasing index: right
    Sorted,  // the kept tokens by probability, most probable first
  };
  Temperature temperature = Temperature::Logits;
  Zero zero = Zero::Greedy;
  TopK top_k = TopK::TiesKept;
  NucleusFrom nucleus_from = NucleusFrom::KeptScores;
  Nucleus nucleus = Nucleus::Crossing;
  Renormalise renormalise = Renormalise::Kept;
  Order order = Order::Index;
  bool filters_ignored = false;  // top_k and top_p ignored: every token kept (catalogue)
};

/// What one call draws from: the tokens in the order the draw walks them, with their
/// probabilities; or, without a draw, one token.
struct Walk {
  std::vector<int64_t> order;
  std::vector<double> p;  // by position in order
  bool draws = true;
  int64_t fixed = -1;  // the token returned whatever is drawn (greedy), or -1
  /// The position in `order` one draw u picks: the first whose running sum exceeds u, else the
  /// last (0 when no token is kept).
  [[nodiscard]] size_t position(double u) const;
  /// The token one call returns with the draw u: the fixed one, else order[position(u)]; -1 when
  /// the walk keeps no token (what a learner's code returns then is its own: nothing is claimed).
  [[nodiscard]] int64_t token(double u) const;
  /// token(u) of each draw u, in order: what calls that walk this way return.
  [[nodiscard]] std::vector<int64_t> tokens(const std::vector<double>& u) const;
  /// Whether `token` is what a draw within `tol` of u picks (rounding may move it across a running
  /// sum), or the fixed token; never when the walk keeps no token.
  [[nodiscard]] bool gives(int64_t token, double u, double tol) const;
};

Walk walk_with_steps(const kt::Tensor& logits, double temperature, int64_t top_k, double top_p,
                     const Steps& steps);
/// The same on the logits' values (what a search over many Steps reads once).
Walk walk_with_steps(const std::vector<double>& logits, double temperature, int64_t top_k,
                     double top_p, const Steps& steps);

/// The pitfalls a computation makes.
struct Made {
  bool temperature_after_softmax = false, top_p_excludes_crossing_token = false,
       not_renormalized = false, top_p_before_temperature = false,
       temperature_zero_not_greedy = false;
};
Made pitfalls_made(const Steps& steps);

}  // namespace grader::kata_sampling
