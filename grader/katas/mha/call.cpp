// How the mha kata calls the learner's code: builds MultiHeadAttention with the case's weights
// (fresh copies each call) and runs the forward overload the case asks for.
#include "grader/lib/mha/cases.hpp"
#include "mha.hpp"

namespace grader::mha {
namespace {

const SetKataCall call({
    .what = "forward",
    .biases = true,
    .call_text = module_call_text,
    .run =
        [](const Case& c) {
          MultiHeadAttention m(c.D(), c.H, c.bias);
          return run_module(m, c);
        },
});

}  // namespace
}  // namespace grader::mha
