// How the mha kata's learner's process calls the learner's code: builds MultiHeadAttention with the
// case's weights (fresh copies each call) and runs the forward overload the case asks for.
#include "grader/katas/mha_family/call.hpp"
#include "mha.hpp"

namespace grader::mha {
namespace {

const ServeForward forward([](const Case& c) {
  MultiHeadAttention m(c.D(), c.H, c.bias);
  return run_module(m, c);
});

}  // namespace
}  // namespace grader::mha
