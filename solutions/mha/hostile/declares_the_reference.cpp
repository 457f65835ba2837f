// expect: error
// expect-message: forbidden call
// Cheats without including anything: declares the grader's reference function itself and calls
// it. The sandbox hides the reference's header, not its code linked into the runner: the build
// must refuse the call by name.
#include <cstdint>

#include "mha.hpp"

namespace ref {
struct MhaWeights;
enum class MaskedRows;
kt::Tensor mha_forward(const kt::Tensor& x, const MhaWeights& w, int64_t num_heads, bool causal,
                       const kt::Tensor& mask, MaskedRows masked_rows);
}  // namespace ref

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool causal) const {
  return ref::mha_forward(x, *reinterpret_cast<const ref::MhaWeights*>(this), num_heads, causal,
                          kt::Tensor(), ref::MaskedRows{});
}
kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor& mask) const {
  return ref::mha_forward(x, *reinterpret_cast<const ref::MhaWeights*>(this), num_heads, false,
                          mask, ref::MaskedRows{});
}
