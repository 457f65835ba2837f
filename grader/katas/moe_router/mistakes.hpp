// What the moe_router kata's named mistakes compute, for the detectors and the catalogue to
// recognise. Kept apart from the reference, which computes the right answer only. One simulation
// of the routing with a switch per way of getting it wrong, in plain double loops.
#pragma once

#include <cstdint>

#include "kt/tensor.hpp"

namespace grader::kata_moe_router {

struct Case;

/// How a learner's code may route. The default is the statement's routing.
struct Steps {
  enum class Softmax { Experts, Tokens };  // softmax_wrong_dim: over the tokens
  enum class Gate {
    Renormalized,
    Probs,
    Logits
  };  // gate_not_renormalized: the probabilities as
      // they are; Logits: top-k logits over their sum
  enum class Order {
    ByProbability,
    ById,
    Ascending,
    Reversed
  };  // experts_unsorted: ById; Ascending: the k least probable (catalogue); Reversed: the k most
      // probable, least probable first (catalogue; on k = 2 it is ById whenever the more probable
      // expert has the higher id, so the search holds it apart)
  enum class Fraction {
    Counts,
    Gates
  };                                        // aux_uses_gate_weights: Gates (the sum of the gates
                                            // given to e, over N)
  enum class Importance { Probs, Logits };  // aux_from_logits: the mean of the logits
  enum class Scale { Experts, One, K };     // E * sum (right); sum alone; E * k * sum (HF's)
  Softmax softmax = Softmax::Experts;
  Gate gate = Gate::Renormalized;
  Order order = Order::ByProbability;
  Fraction fraction = Fraction::Counts;
  Importance importance = Importance::Probs;
  Scale scale = Scale::Experts;
  bool ties_higher_id_first = false;  // catalogue
};

/// The routing the steps compute on the case, packed as cases.hpp's packed(): expert_index, gate,
/// aux_loss, Float64.
kt::Tensor route_with_steps(const Case& c, const Steps& steps);

/// The pitfalls a computation makes.
struct Made {
  bool gate_not_renormalized = false, softmax_wrong_dim = false, aux_uses_gate_weights = false,
       aux_from_logits = false, experts_unsorted = false;
};
Made pitfalls_made(const Steps& steps);

}  // namespace grader::kata_moe_router
