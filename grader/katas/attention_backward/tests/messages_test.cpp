// The names the attention_backward checks give the gradients that differ and those that match.
#include <catch2/catch.hpp>

#include "grader/katas/attention_backward/cases.hpp"

namespace {

using grader::kata_attention_backward::differing;
using grader::kata_attention_backward::Grads;
using grader::kata_attention_backward::matching;

Grads three() { return {kt::ones({2, 2}), kt::ones({2, 2}) * 2.0, kt::ones({2, 2}) * 3.0}; }

}  // namespace

TEST_CASE("the gradients that differ and those that match are named, never counted",
          "[attention_backward]") {
  const Grads expected = three();
  Grads got = three();
  got.dq = got.dq * 2.0;
  got.dk = got.dk * 2.0;
  CHECK(differing(got, expected) == "dq and dk");
  CHECK(matching(got, expected) == "dv");
  got.dk = expected.dk;
  CHECK(differing(got, expected) == "dq");
  CHECK(matching(got, expected) == "dk and dv");
  got.dk = got.dk * 2.0;
  got.dv = got.dv * 2.0;
  CHECK(differing(got, expected) == "dq, dk and dv");
  CHECK(matching(got, expected).empty());
}
