// Every double of two of the mha kata's pitfalls is named exactly (Note [every double named
// exactly] in grader/tests/doubles/doubles.hpp): the learner's MultiHeadAttention, with slips.
#include "grader/katas/mha_family/tests/family_doubles.hpp"
#include "mha.hpp"

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool causal) const {
  return slips::attention(x, slips::module_projections(*this, num_heads), kt::Tensor(), causal);
}

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  return slips::attention(x, slips::module_projections(*this, num_heads), attn_mask, false);
}

TEST_CASE("mha: no pitfall, every pitfall alone and every two together are named exactly",
          "[doubles]") {
  slips::check_every_double();
}
