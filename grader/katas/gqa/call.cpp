// How the gqa kata calls the learner's code: builds GroupedQueryAttention with the case's weights
// (fresh copies each call; k_proj and v_proj have num_kv_heads * d_head rows) and runs the forward
// overload the case asks for.
#include "gqa.hpp"
#include "grader/lib/mha/cases.hpp"

namespace grader::mha {
namespace {

const SetKataCall call({
    .what = "forward",
    .biases = true,
    .grouped = true,
    .call_text = [](const Case& c) -> std::string {
      if (c.mask.defined()) return "forward(x, attn_mask)";
      return c.causal ? "forward(x, /*causal=*/true)" : "forward(x, /*causal=*/false)";
    },
    .run =
        [](const Case& c) {
          GroupedQueryAttention m(c.D(), c.H, c.Hkv, c.bias);
          m.q_proj.weight = c.w.wq.clone();
          m.k_proj.weight = c.w.wk.clone();
          m.v_proj.weight = c.w.wv.clone();
          m.out_proj.weight = c.w.wo.clone();
          if (c.bias) {
            m.q_proj.bias = c.w.bq.clone();
            m.k_proj.bias = c.w.bk.clone();
            m.v_proj.bias = c.w.bv.clone();
            m.out_proj.bias = c.w.bo.clone();
          }
          const kt::Tensor x = c.x.clone();
          return c.mask.defined() ? m.forward(x, c.mask.clone()) : m.forward(x, c.causal);
        },
});

}  // namespace
}  // namespace grader::mha
