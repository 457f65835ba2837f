// grader/lib/where_threw.hpp: the op a learner's call threw in, and where each of its inputs came
// from, on calls traced in this process (the learner's ops run here, the named inputs appended as
// serve::learner_code_starts sends them).
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

#include "grader/lib/where_threw.hpp"

namespace {

using grader::LearnerTrace;
using grader::trace_learner_whole;
using grader::where_it_threw;

/// What serve::learner_code_starts sends for a named input when the trace keeps values.
void named_input(const std::string& name, const kt::Tensor& value) {
  kt::TraceEvent e;
  e.op = "input:" + name;
  e.output = {value.sizes(), value.strides(), value.dtype()};
  {
    const kt::TracePause pause;  // the copy is no op of the learner's
    e.value = value.clone();
  }
  kt::append_trace_events({e});
}

kt::Tensor column(int64_t n) { return kt::arange(n, kt::Float64).view({n, 1}); }

}  // namespace

TEST_CASE("where it threw names the op that threw and, for each input, the input or op it is",
          "[where_threw]") {
  const kt::Tensor x = column(2), mask = kt::ones({1, 1}, kt::Bool);
  const LearnerTrace traced = trace_learner_whole([&] {
    named_input("x", x);
    named_input("mask", mask);
    try {
      const kt::Tensor y = kt::matmul(x, x.transpose(0, 1));  // [2, 2]
      (void)kt::matmul(y, x.transpose(0, 1));                 // [2, 2] @ [1, 2]: throws
    } catch (const kt::Error&) {
    }
  });
  REQUIRE(traced.inputs.size() == 2);
  CHECK(where_it_threw(traced) ==
        "The error is thrown by your matmul (your code's op #4 on this case). It was given, in "
        "order:\n"
        "- a [2, 2] float64 tensor: the result of your #2 matmul -> [2, 2]\n"
        "- a [1, 2] float64 tensor: the result of your #3 transpose(0, 1) -> [1, 2] (of x)\n");
}

TEST_CASE("an input of the call is named as the call gave it, unless two inputs are alike",
          "[where_threw]") {
  const kt::Tensor mask = kt::ones({1, 1}, kt::Bool);
  const auto thrown_view = [&](bool twin) {
    return where_it_threw(trace_learner_whole([&] {
      named_input("mask", mask);
      if (twin) named_input("other_mask", mask);
      try {
        (void)mask.view({2, 1, 1});
      } catch (const kt::Error&) {
      }
    }));
  };
  CHECK(thrown_view(false) ==
        "The error is thrown by your view(2, 1, 1) (your code's op #1 on this case). It was "
        "given:\n"
        "- a [1, 1] bool tensor: mask, as the call gave it\n");
  CHECK(thrown_view(true) ==
        "The error is thrown by your view(2, 1, 1) (your code's op #1 on this case). It was "
        "given:\n"
        "- a [1, 1] bool tensor\n");
}

TEST_CASE("a call that went on after an op threw is not located at that op", "[where_threw]") {
  const LearnerTrace traced = trace_learner_whole([&] {
    try {
      (void)column(2).view({3});
    } catch (const kt::Error&) {
    }
    (void)kt::ones({2});  // the code caught the error and went on
  });
  CHECK(where_it_threw(traced).empty());
}

TEST_CASE("a failure is located only when the call made again throws the same error",
          "[where_threw]") {
  const auto failure = [](std::string threw, std::string again) {
    grader::Failure f;
    f.threw = std::move(threw);
    f.call_again = [again] {
      try {
        (void)column(2).view({3});
      } catch (const kt::Error&) {
      }
      return again;
    };
    grader::locate_throw(f);
    return f.where_threw;
  };
  CHECK(failure("kt::Error: view", "kt::Error: view") ==
        "The error is thrown by your view(3) (your code's op #2 on this case). It was given:\n"
        "- a [2, 1] float64 tensor: the result of your #1 view(2, 1) -> [2, 1]\n");
  CHECK(failure("kt::Error: view", "kt::Error: another").empty());
  CHECK(failure("", "").empty());  // no throw: nothing to locate
}
