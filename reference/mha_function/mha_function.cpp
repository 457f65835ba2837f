#include "reference/mha_function/mha_function.hpp"

#include "reference/mha/mha.hpp"

namespace ref {

kt::Tensor mha_function(const kt::Tensor& x, const kt::Tensor& Wq, const kt::Tensor& Wk,
                        const kt::Tensor& Wv, const kt::Tensor& Wo, int64_t h,
                        const kt::Tensor& mask, MaskedRows masked_rows) {
  // x @ W is nn.Linear with weight Wᵀ: the values of Wᵀ, row-major, are what mha_forward reads.
  const auto linear = [](const kt::Tensor& w) { return w.transpose(0, 1).contiguous(); };
  const MhaWeights weights{linear(Wq), linear(Wk), linear(Wv), linear(Wo), {}, {}, {}, {}};
  return mha_forward(x, weights, h, /*causal=*/false, mask, masked_rows);
}

}  // namespace ref
