// The MHA family's doubles test on one kata (Note [every double named exactly] in
// grader/tests/doubles/doubles.hpp): the pairs of the family's slips that bear on each other, and
// the test's body. Each kata of the family defines its learner's API with
// learner_with_slips.hpp in its tests/doubles_test.cpp and calls check_every_double().
#pragma once

#include <catch2/catch.hpp>

#include "grader/katas/mha_family/tests/learner_with_slips.hpp"
#include "grader/tests/doubles/check.hpp"

namespace slips {

/// The pairs of the family's slips that bear on each other (a kata has some of the slips).
inline std::vector<doubles::Pair> family_pairs() {
  using doubles::Relation;
  const std::string throws = "the view throws on every case with several heads";
  std::vector<doubles::Pair> pairs = {
      {"scale_by_d_model", "scale_by_d_head", Relation::Exclusive, "the scores have one divisor"},
      {"mask_after_softmax", "neg_inf_nan", Relation::Absorbs,
       "masking after the softmax never fills a score, with -inf or anything else"},
      {"merge_without_transpose", "missing_contiguous", Relation::Absorbs,
       "with no transpose before the view, the attention output is contiguous already"},
  };
  for (const char* other : {"wrong_head_order", "scale_by_d_model", "scale_by_d_head",
                            "mask_after_softmax", "neg_inf_nan", "softmax_wrong_dim",
                            "causal_mask_flipped", "weight_transposed", "kv_repeat_tiled"})
    pairs.push_back({"missing_contiguous", other, Relation::Hides, throws});
  return pairs;
}

/// The test of a kata of the family: its slips are the pitfalls it registers.
inline void check_every_double() {
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, family_pairs()};
  doubles::check_named_exactly(kata);
}

}  // namespace slips
