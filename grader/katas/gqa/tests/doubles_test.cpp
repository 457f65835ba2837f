// Every double of two of the gqa kata's pitfalls is named exactly (Note [every double named
// exactly] in grader/tests/doubles/doubles.hpp): the learner's GroupedQueryAttention, with slips.
#include "gqa.hpp"
#include "grader/katas/mha_family/tests/family_doubles.hpp"

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, bool causal) const {
  return slips::attention(x, slips::module_projections(*this, num_kv_heads), kt::Tensor(), causal);
}

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  return slips::attention(x, slips::module_projections(*this, num_kv_heads), attn_mask, false);
}

TEST_CASE("gqa: no pitfall, every pitfall alone and every two together are named exactly",
          "[doubles]") {
  slips::check_every_double();
}
