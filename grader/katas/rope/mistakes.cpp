#include "grader/katas/rope/mistakes.hpp"

#include <cmath>
#include <vector>

#include "grader/lib/together.hpp"

namespace grader::kata_rope {

std::string frequencies_text(Frequencies f) {
  switch (f) {
    case Frequencies::Right:
      return "base^(-2i/d)";
    case Frequencies::MissingTwo:
      return "base^(-i/d)";
    case Frequencies::OverHalf:
      return "base^(-2i/(d/2))";
    case Frequencies::PositiveExponent:
      return "base^(+2i/d)";
    case Frequencies::FromOne:
      return "base^(-2(i+1)/d)";
    case Frequencies::IntegerExponent:
      return "base^0 = 1";
    case Frequencies::OverLength:
      return "base^(-2i/T)";
  }
  return "";
}

namespace {

double exponent(Frequencies f, int64_t i, int64_t d, int64_t T) {
  const double di = double(i), dd = double(d);
  switch (f) {
    case Frequencies::Right:
      return -2.0 * di / dd;
    case Frequencies::MissingTwo:
      return -di / dd;
    case Frequencies::OverHalf:
      return -2.0 * di / (dd / 2.0);
    case Frequencies::PositiveExponent:
      return 2.0 * di / dd;
    case Frequencies::FromOne:
      return -2.0 * (di + 1.0) / dd;
    case Frequencies::IntegerExponent:
      return 0.0;
    case Frequencies::OverLength:
      return -2.0 * di / double(T);
  }
  return 0.0;
}

}  // namespace

std::optional<Mistakes> together(const Mistakes& a, const Mistakes& b) {
  using M = Mistakes;
  return merge_mistakes(a, b, &M::frequencies, &M::interleaved, &M::ignores_start_pos,
                        &M::sign_flipped, &M::positions_from_one, &M::base_ignored,
                        &M::cos_sin_swapped, &M::rotate_half_unsigned, &M::rotate_half_negated,
                        &M::first_half_only, &M::cos_one_late, &M::frequency_by_row,
                        &M::start_pos_twice, &M::unrotated, &M::sin_from_zero, &M::cos_from_zero);
}

kt::Tensor rope_with_mistakes(const kt::Tensor& x, int64_t start_pos, double base,
                              const Mistakes& m) {
  const int64_t d = x.size(-1), T = x.size(-2), half = d / 2;
  const std::vector<double> in = x.to(kt::Float64).contiguous().to_vector<double>();
  std::vector<double> out = in;
  if (m.unrotated) return kt::from_vector(out, x.sizes());
  const int64_t rows = d == 0 ? 0 : int64_t(in.size()) / d;
  const double b = m.base_ignored ? 10000.0 : base;
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t t = r % T;
    double position = double((m.ignores_start_pos ? 0 : start_pos) + t);
    if (m.positions_from_one) position += 1.0;
    if (m.start_pos_twice) position += double(start_pos);
    const double* row = in.data() + r * d;
    double* o = out.data() + r * d;
    for (int64_t i = 0; i < half; ++i) {
      const double frequency =
          std::pow(b, exponent(m.frequencies, m.frequency_by_row ? t : i, d, T));
      double angle = position * frequency;
      if (m.sign_flipped) angle = -angle;
      // A table built from positions 0 .. T - 1 where the other has start_pos + t.
      const double from_zero = (m.sign_flipped ? -1.0 : 1.0) * double(t) * frequency;
      const double c = std::cos(m.cos_from_zero  ? from_zero
                                : m.cos_one_late ? angle + frequency
                                                 : angle);
      const double s = std::sin(m.sin_from_zero ? from_zero : angle);
      // The pair's two slots: (i, i + d/2), or (2i, 2i + 1) in the GPT-J convention.
      const int64_t lo = m.interleaved ? 2 * i : i, hi = m.interleaved ? 2 * i + 1 : i + half;
      const double a = row[lo], bb = row[hi];
      // rotate_half gives (-b, a) for the pair; unsigned, (b, a); negated, (-b, -a).
      const double ra = m.rotate_half_unsigned ? bb : -bb, rb = m.rotate_half_negated ? -a : a;
      const double cc = m.cos_sin_swapped ? s : c, ss = m.cos_sin_swapped ? c : s;
      o[lo] = a * cc + ra * ss;
      o[hi] = m.first_half_only ? bb : bb * cc + rb * ss;
    }
  }
  return kt::from_vector(out, x.sizes());
}

}  // namespace grader::kata_rope
