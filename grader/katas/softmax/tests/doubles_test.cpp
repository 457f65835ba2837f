// Every double of two of the softmax kata's pitfalls is named exactly (Note [every double named
// exactly] in grader/tests/doubles/doubles.hpp): the learner's kata::softmax, written with kt's ops
// as a learner writes it (solutions/softmax/worked.cpp), each pitfall a slip as the test bed's
// known-bad files make it (solutions/softmax/pitfalls/*.cpp), in each of their forms. Kept apart
// from the grader's simulation of the mistakes (grader/katas/softmax/mistakes.hpp) on purpose: it
// is the learner's code.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "grader/tests/doubles/check.hpp"
#include "softmax.hpp"

namespace {

/// The slips now on (set by the test).
doubles::Names on;

bool slip(const char* id) { return on.count(id) != 0; }

/// How a slip is made: the forms of the test bed's known-bad files.
enum class NoMax {
  Plain,      // exp(x) (no_max_subtraction.cpp)
  InFloat64,  // exp(x) in Float64, back to x's dtype (no_max_in_float64.cpp)
  // (Not the logits clamped to keep exp finite, wrong/no_max_clamped.cpp: finite, it is no form
  // of this pitfall, whose own mistake gives NaN there.)
};
enum class WrongDim {
  LastAxis,          // always the last axis (softmax_wrong_dim.cpp)
  NegativeOffByOne,  // a negative dim made x.dim() - 1 + dim (negative_dim_off_by_one.cpp)
};
enum class MaxAxis {
  Last,            // the maximum over the last axis (max_over_wrong_dim.cpp)
  First,           // the maximum over the first axis (max_over_first_axis.cpp)
  WithoutKeepdim,  // the maximum along dim without keepdim (max_without_keepdim.cpp)
};
struct Forms {
  NoMax no_max = NoMax::Plain;
  WrongDim wrong_dim = WrongDim::LastAxis;
  MaxAxis max_axis = MaxAxis::Last;
};

/// The forms now used (set by the test).
Forms forms;

std::string text(const Forms& f) {
  const char* no_max[] = {"exp(x)", "in Float64"};
  const char* wrong_dim[] = {"the last axis", "a negative dim off by one"};
  const char* max_axis[] = {"the last axis", "the first axis", "without keepdim"};
  return std::string("no_max_subtraction ") + no_max[int(f.no_max)] + ", softmax_wrong_dim " +
         wrong_dim[int(f.wrong_dim)] + ", max_over_wrong_dim " + max_axis[int(f.max_axis)];
}

}  // namespace

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  if (slip("softmax_wrong_dim")) {
    if (forms.wrong_dim == WrongDim::LastAxis) {
      dim = -1;  // whatever dim says
    } else if (dim < 0) {
      dim = x.dim() - 1 + dim;
    }
  }
  kt::Tensor e;
  if (!slip("no_max_subtraction")) {
    const bool slipped = slip("max_over_wrong_dim");
    const int64_t max_axis = !slipped || forms.max_axis == MaxAxis::WithoutKeepdim ? dim
                             : forms.max_axis == MaxAxis::Last                     ? -1
                                                                                   : 0;
    const bool keepdim = !slipped || forms.max_axis != MaxAxis::WithoutKeepdim;
    e = kt::exp(x - kt::amax(x, max_axis, keepdim));
  } else if (forms.no_max == NoMax::InFloat64) {
    e = kt::exp(x.to(kt::Float64));
  } else {
    e = kt::exp(x);
  }
  const kt::Tensor out =
      e / (slip("sum_without_keepdim") ? kt::sum(e, dim) : kt::sum(e, dim, /*keepdim=*/true));
  return out.to(x.dtype());
}

}  // namespace kata

namespace {

/// The pairs of slips that bear on each other, in these forms.
std::vector<doubles::Pair> pairs(const Forms& f) {
  using doubles::Relation;
  std::vector<doubles::Pair> pairs = {
      {"no_max_subtraction", "max_over_wrong_dim", Relation::Absorbs,
       "with no maximum subtracted, no axis of a maximum is chosen"},
  };
  if (f.wrong_dim == WrongDim::LastAxis && f.max_axis == MaxAxis::Last) {
    pairs.push_back(
        {"softmax_wrong_dim", "max_over_wrong_dim", Relation::Absorbs,
         "the maximum over the last axis is the right one for a softmax along the last axis"});
  }
  return pairs;
}

void check_every_double(const Forms& f) {
  forms = f;
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, pairs(f)};
  doubles::check_named_exactly(kata, text(f));
  forms = {};
}

}  // namespace

TEST_CASE("softmax: no pitfall, every pitfall alone and every two together are named exactly",
          "[doubles]") {
  check_every_double({});
}

TEST_CASE("softmax: the same with the slips in the test bed's other forms", "[doubles]") {
  for (const NoMax no_max : {NoMax::Plain, NoMax::InFloat64})
    for (const WrongDim wrong_dim : {WrongDim::LastAxis, WrongDim::NegativeOffByOne})
      for (const MaxAxis max_axis : {MaxAxis::Last, MaxAxis::First, MaxAxis::WithoutKeepdim}) {
        const Forms f{no_max, wrong_dim, max_axis};
        if (f.no_max == NoMax::Plain && f.wrong_dim == WrongDim::LastAxis &&
            f.max_axis == MaxAxis::Last)
          continue;  // the first test's
        check_every_double(f);
      }
}
