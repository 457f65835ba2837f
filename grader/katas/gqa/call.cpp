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
    .call_text = module_call_text,
    .run =
        [](const Case& c) {
          GroupedQueryAttention m(c.D(), c.H, c.Hkv, c.bias);
          return run_module(m, c);
        },
});

}  // namespace
}  // namespace grader::mha
