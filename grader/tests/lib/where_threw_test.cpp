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
  e.output = kt::trace_meta(value);
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
        "The error is thrown by your matmul (the 4th op your code ran on the case below). It was "
        "given, in order:\n"
        "- a [2, 2] float64 tensor: matmul(x, transpose(x, 0, 1))\n"
        "- a [1, 2] float64 tensor: transpose(x, 0, 1)\n");
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
        "The error is thrown by your view(2, 1, 1) (the 1st op your code ran on the case below). "
        "It was given:\n"
        "- a [1, 1] bool tensor: mask, as the call gave it\n");
  CHECK(thrown_view(true) ==
        "The error is thrown by your view(2, 1, 1) (the 1st op your code ran on the case below). "
        "It was given:\n"
        "- a [1, 1] bool tensor\n");  // Beside a journey on another case, the case it was on is
                                      // told apart from the journey's.
  const LearnerTrace traced = trace_learner_whole([&] {
    named_input("mask", mask);
    try {
      (void)mask.view({2, 1, 1});
    } catch (const kt::Error&) {
    }
  });
  CHECK(grader::where_it_threw(traced, /*journey_elsewhere=*/true)
            .starts_with("The error is thrown by your view(2, 1, 1) (the 1st op your code ran on "
                         "the case below, not the journey's case above). It was given:\n"));
}

TEST_CASE("where it threw on the journey's own case counts its ops as the journey does",
          "[where_threw]") {
  const kt::Tensor mask = kt::ones({1, 1}, kt::Bool);
  const LearnerTrace traced = trace_learner_whole([&] {
    named_input("mask", mask);
    const kt::Tensor m = mask.unsqueeze(0);
    try {
      (void)m.view({2, 1, 1});
    } catch (const kt::Error&) {
    }
  });
  CHECK(grader::where_it_threw(traced, false, /*journey_case=*/true)
            .starts_with("On the journey's case above your code throws too, at your view(2, 1, 1) "
                         "(#2 above; #N is the Nth op, as there). It was given:\n"));
}

TEST_CASE(
    "an expression goes as deep as fits on a line, then names the op by number, and "
    "shows a number made for an op as the number",
    "[where_threw]") {
  const kt::Tensor x = column(2);
  const auto thrown_after = [&](int transposes) {
    return where_it_threw(trace_learner_whole([&] {
      named_input("x", x);
      kt::Tensor y = x / 2.0;
      for (int i = 0; i < transposes; ++i) y = y.transpose(0, 1);
      try {
        (void)y.view({5});
      } catch (const kt::Error&) {
      }
    }));
  };
  CHECK(thrown_after(1) ==
        "The error is thrown by your view(5) (the 4th op your code ran on the case below). It was "
        "given:\n"
        "- a [1, 2] float64 tensor: transpose(div(x, 2), 0, 1)\n");
  // Three transposes and the div: four ops deep.
  CHECK(
      thrown_after(3) ==
      "The error is thrown by your view(5) (the 6th op your code ran on the case below). It was "
      "given:\n"
      "- a [1, 2] float64 tensor: transpose(transpose(transpose(div(x, 2), 0, 1), 0, 1), 0, 1)\n");
  // Eight: as many as fit in 96 characters (four), and the op past them by number and result,
  // then that op one level further on a line of its own (as deep as fits, and its own past it).
  CHECK(thrown_after(8) ==
        "The error is thrown by your view(5) (the 11th op your code ran on the case below; #N "
        "below is "
        "the Nth). It was "
        "given:\n"
        "- a [2, 1] float64 tensor: transpose(transpose(transpose(transpose(#6 transpose(0, 1) -> "
        "[2, 1], 0, 1), 0, 1), 0, 1), 0, 1)\n"
        "  where #6 is transpose(transpose(transpose(transpose(#2 div -> [2, 1], 0, 1), 0, 1), 0, "
        "1), 0, 1)\n");
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
        "The error is thrown by your view(3) (the 3rd op your code ran on the case below). It was "
        "given:\n"
        "- a [2, 1] float64 tensor: view(arange(0, 2, 1), 2, 1)\n");
  CHECK(failure("kt::Error: view", "kt::Error: another").empty());
  CHECK(failure("", "").empty());  // no throw: nothing to locate
}

TEST_CASE("a shape that grew by broadcasting on the way to the op that threw is named",
          "[where_threw]") {
  const kt::Tensor block = column(1), mask = kt::ones({2, 2}, kt::Bool);
  const LearnerTrace traced = trace_learner_whole([&] {
    named_input("s", block);
    named_input("mask", mask);
    try {
      const kt::Tensor grown = block.masked_fill(~mask, -1.0);  // [1, 1] broadcast to [2, 2]
      (void)kt::matmul(kt::exp(grown), block);                  // [2, 2] @ [1, 1]: throws
    } catch (const kt::Error&) {
    }
  });
  const std::string text = where_it_threw(traced);
  CHECK(text.find("A shape grew on the way: your #2 masked_fill -> [2, 2] broadcast its first "
                  "input, s, against #1 bitwise_not -> [2, 2].\n") != std::string::npos);
  // Nothing grew: no such line.
  const LearnerTrace plain = trace_learner_whole([&] {
    named_input("s", block);
    try {
      (void)kt::matmul(kt::exp(column(2)), block.view({1, 1, 1}).squeeze(0));
      (void)block.view({3});
    } catch (const kt::Error&) {
    }
  });
  CHECK(where_it_threw(plain).find("grew") == std::string::npos);
}

TEST_CASE("a tensor made from nothing shown is known by its shape", "[where_threw]") {
  // A causal mask made (T_q, T_q) where the scores are (T_q, T_k): full([2, 2]) says so.
  const kt::Tensor scores = kt::zeros({2, 3});
  const LearnerTrace traced = trace_learner_whole([&] {
    named_input("scores", scores);
    try {
      const kt::Tensor allowed = kt::tril(kt::ones({2, 2}, kt::Bool));
      (void)scores.masked_fill(~allowed, -1.0);
    } catch (const kt::Error&) {
    }
  });
  const std::string text = where_it_threw(traced);
  INFO(text);
  CHECK(text.find("- a [2, 2] bool tensor: bitwise_not(tril(full([2, 2]), 0))\n") !=
        std::string::npos);
}

TEST_CASE("a one_hot whose width follows the values is said where it made what the op was given",
          "[where_threw]") {
  // Note [a width taken from the values]: 3 classes, but the indices' largest is 1, so one_hot(-1)
  // makes 2 columns and the product with a [3] row throws.
  const kt::Tensor target = kt::from_vector(std::vector<int64_t>{0, 1}, {2});
  const kt::Tensor weights = kt::ones({3}, kt::Float64);
  const auto thrown_with = [&](int64_t classes) {
    return where_it_threw(trace_learner_whole([&] {
      named_input("target", target);
      try {
        const kt::Tensor rows = kt::one_hot(target, classes).to(kt::Float64);
        (void)(kt::sum(rows, 0) * weights);               // [2] or [3] against [3]
        (void)kt::matmul(weights, weights.view({1, 3}));  // throws either way
      } catch (const kt::Error&) {
      }
    }));
  };
  const std::string inferred = thrown_with(-1);
  INFO(inferred);
  CHECK(inferred.find("Your #1 one_hot(-1) is one of the ops that made what it was given: with "
                      "num_classes = -1 it makes as many columns as the largest index it is given "
                      "+ 1, here 2, which follows the values, not the number of classes. Pass the "
                      "number of classes: kt::one_hot(index, num_classes).\n") !=
        std::string::npos);
  // Where the op that threw was made from no such one_hot, nothing is said of it.
  const std::string unrelated = where_it_threw(trace_learner_whole([&] {
    named_input("target", target);
    try {
      (void)kt::one_hot(target, -1);
      (void)weights.view({2, 2});
    } catch (const kt::Error&) {
    }
  }));
  INFO(unrelated);
  CHECK(unrelated.find("one_hot") == std::string::npos);
  // With the number of classes given, nothing is said either (the product with [3] fits, so
  // the throw is the matmul's alone).
  CHECK(thrown_with(3).find("one_hot(-1)") == std::string::npos);
}
