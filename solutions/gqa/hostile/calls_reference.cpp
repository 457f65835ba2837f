// expect: error
// Cheats: calls the grader's reference implementation. The build must refuse it by name.
#include "../../../reference/gqa/gqa.hpp"  // found by a relative path, as a cheater would
#include "gqa.hpp"

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, bool causal) const {
  return ref::gqa_forward(x,
                          {q_proj.weight, k_proj.weight, v_proj.weight, out_proj.weight,
                           q_proj.bias, k_proj.bias, v_proj.bias, out_proj.bias},
                          num_heads, num_kv_heads, causal);
}
kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, const kt::Tensor& mask) const {
  return ref::gqa_forward(x,
                          {q_proj.weight, k_proj.weight, v_proj.weight, out_proj.weight,
                           q_proj.bias, k_proj.bias, v_proj.bias, out_proj.bias},
                          num_heads, num_kv_heads, false, mask);
}
