// How the gqa kata's learner's process calls the learner's code: builds GroupedQueryAttention with
// the case's weights (fresh copies each call; k_proj and v_proj have num_kv_heads * d_head rows)
// and runs the forward overload the case asks for.
#include "grader/katas/mha_family/call.hpp"
#include "gqa.hpp"

namespace grader::mha {
namespace {

const ServeForward forward([](const Case& c) {
  GroupedQueryAttention m(c.D(), c.H, c.Hkv, c.bias);
  return run_module(m, c);
});

}  // namespace
}  // namespace grader::mha
