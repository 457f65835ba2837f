// Every double of two of the mha_function kata's pitfalls is named exactly (Note [every double
// named exactly] in grader/tests/doubles/doubles.hpp): the learner's kata::mha, with slips.
#include "grader/katas/mha_family/tests/family_doubles.hpp"
#include "mha_function.hpp"

kt::Tensor kata::mha(const kt::Tensor& x, const kt::Tensor& Wq, const kt::Tensor& Wk,
                     const kt::Tensor& Wv, const kt::Tensor& Wo, int64_t h,
                     const std::optional<kt::Tensor>& mask) {
  // x @ W, or x @ Wᵀ (nn.Linear's convention) with weight_transposed.
  const auto times = [](const kt::Tensor& W) {
    return [W](const kt::Tensor& t) {
      return kt::matmul(t, slips::slip("weight_transposed") ? W.transpose(0, 1) : W);
    };
  };
  return slips::attention(x, {times(Wq), times(Wk), times(Wv), times(Wo), h, h},
                          mask ? *mask : kt::Tensor(), false);
}

TEST_CASE(
    "mha_function: no pitfall, every pitfall alone and every two together are named "
    "exactly",
    "[doubles]") {
  slips::check_every_double();
}
