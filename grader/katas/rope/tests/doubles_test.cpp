// Every double of two of the rope kata's pitfalls is named exactly (Note [every double named
// exactly] in grader/tests/doubles/doubles.hpp): the learner's kata::apply_rope, written with kt's
// ops as a learner writes it (solutions/rope/worked.cpp), each pitfall a slip as the test bed's
// known-bad files make it (solutions/rope/pitfalls/*.cpp), in each of their forms. Kept apart from
// the grader's simulation of the mistakes (grader/katas/rope/mistakes.hpp) on purpose: it is the
// learner's code.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "grader/tests/doubles/check.hpp"
#include "rope.hpp"

namespace {

/// The slips now on (set by the test).
doubles::Names on;

bool slip(const char* id) { return on.count(id) != 0; }

/// How a slip is made: the forms of the test bed's known-bad files.
enum class Pairs {
  View,     // the last axis viewed as (d/2, 2), stacked back (interleaved_pairs.cpp)
  Strided,  // every other slot, written back into a copy (interleaved_pairs_strided.cpp)
};
enum class Frequencies {
  MissingTwo,        // base^(-i/d) (wrong_frequencies_missing_two.cpp)
  OverHalf,          // base^(-2i/(d/2)) (wrong_frequencies_over_half.cpp)
  PositiveExponent,  // base^(+2i/d) (wrong_frequencies_positive_exponent.cpp)
};
enum class Sign {
  RotateHalf,   // rotate_half as cat(x2, -x1) (sign_flipped.cpp)
  NegativeSin,  // sin of -angle, the formula right (sign_flipped_negative_sin.cpp)
};
struct Forms {
  Pairs pairs = Pairs::View;
  Frequencies frequencies = Frequencies::MissingTwo;
  Sign sign = Sign::RotateHalf;
};

/// The forms now used (set by the test).
Forms forms;

std::string text(const Forms& f) {
  const char* pairs[] = {"a view", "strided slices"};
  const char* frequencies[] = {"base^(-i/d)", "base^(-2i/(d/2))", "base^(+2i/d)"};
  const char* sign[] = {"cat(x2, -x1)", "sin(-angle)"};
  return std::string("rope_interleaved_pairs by ") + pairs[int(f.pairs)] +
         ", rope_wrong_frequencies " + frequencies[int(f.frequencies)] + ", rope_sign_flipped " +
         sign[int(f.sign)];
}

}  // namespace

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  const int64_t T = x.size(-2), d = x.size(-1), half = d / 2;
  kt::Tensor inv_freq;
  if (!slip("rope_wrong_frequencies")) {
    inv_freq = kt::exp(kt::arange(double(half)) * (-2.0 * std::log(base) / double(d)));
  } else if (forms.frequencies == Frequencies::MissingTwo) {
    inv_freq = kt::exp(kt::arange(double(half)) * (-std::log(base) / double(d)));
  } else if (forms.frequencies == Frequencies::OverHalf) {
    inv_freq = kt::exp(kt::arange(0.0, double(d), 2.0) * (-std::log(base) / double(half)));
  } else {
    inv_freq = kt::exp(kt::arange(double(half)) * (2.0 * std::log(base) / double(d)));
  }
  const double first = slip("rope_ignores_start_pos") ? 0.0 : double(start_pos);
  const kt::Tensor angles = kt::arange(first, first + double(T)).unsqueeze(1) * inv_freq;
  const bool negative_sin = slip("rope_sign_flipped") && forms.sign == Sign::NegativeSin;
  const bool flipped_formula = slip("rope_sign_flipped") && forms.sign == Sign::RotateHalf;
  const kt::Tensor cos = kt::cos(angles).to(x.dtype());
  const kt::Tensor sin = kt::sin(negative_sin ? -angles : angles).to(x.dtype());
  // The pair (a, b) turned: (a cos - b sin, b cos + a sin); flipped, (a cos + b sin, b cos - a
  // sin).
  const auto turned = [&](const kt::Tensor& a, const kt::Tensor& b) {
    return flipped_formula ? std::pair{a * cos + b * sin, b * cos - a * sin}
                           : std::pair{a * cos - b * sin, b * cos + a * sin};
  };
  if (!slip("rope_interleaved_pairs")) {
    const auto [first_half, second_half] = turned(x.narrow(-1, 0, half), x.narrow(-1, half, half));
    return kt::cat({first_half, second_half}, -1);
  }
  if (forms.pairs == Pairs::View) {
    kt::Shape pairs = x.sizes();
    pairs.back() = half;
    pairs.push_back(2);
    const kt::Tensor p = x.contiguous().view(pairs);
    const auto [even, odd] = turned(p.select(-1, 0), p.select(-1, 1));
    return kt::stack({even, odd}, -1).view(x.sizes());
  }
  const auto [even, odd] = turned(x.slice(-1, 0, d, 2), x.slice(-1, 1, d, 2));
  kt::Tensor out = x.clone();
  out.slice(-1, 0, d, 2).copy_(even);
  out.slice(-1, 1, d, 2).copy_(odd);
  return out;
}

}  // namespace kata

namespace {

// The four slips are independent choices (which slots pair, which positions, which frequencies,
// which direction): no pair bears on another.
void check_every_double(const Forms& f) {
  forms = f;
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, {}};
  doubles::check_named_exactly(kata, text(f));
  forms = {};
}

}  // namespace

TEST_CASE("rope: no pitfall, every pitfall alone and every two together are named exactly",
          "[doubles]") {
  check_every_double({});
}

TEST_CASE("rope: the same with the slips in the test bed's other forms", "[doubles]") {
  for (const Pairs pairs : {Pairs::View, Pairs::Strided})
    for (const Frequencies frequencies :
         {Frequencies::MissingTwo, Frequencies::OverHalf, Frequencies::PositiveExponent})
      for (const Sign sign : {Sign::RotateHalf, Sign::NegativeSin}) {
        const Forms f{pairs, frequencies, sign};
        if (pairs == Pairs::View && frequencies == Frequencies::MissingTwo &&
            sign == Sign::RotateHalf)
          continue;  // the first test's
        check_every_double(f);
      }
}
