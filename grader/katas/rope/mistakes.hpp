// What the rope kata's mistakes compute, for the detectors and the catalogue to name a failure
// (never to decide one: that is the reference's job). Plain loops like the reference, with the
// mistakes as switches; with none of them on, it is the reference (mistakes_test.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "kt/tensor.hpp"

namespace grader::kata_rope {

/// The frequency of pair i, base^(e(i)), with the exponent e(i) the learner wrote.
enum class Frequencies {
  Right,             // -2i/d
  MissingTwo,        // -i/d            (arange(0, d/2) / d)
  OverHalf,          // -2i/(d/2)       (arange(0, d, 2) / (d/2))
  PositiveExponent,  // +2i/d           (base^(2i/d) where 1 / base^(2i/d) was meant)
  FromOne,           // -2(i+1)/d       (i counted from 1)
  IntegerExponent,   // 0               (2 * i / d in integers: 0 for every i < d/2)
  OverLength,        // -2i/T           (the sequence length, x.size(-2), where d was meant)
};
inline constexpr Frequencies kAllFrequencies[] = {
    Frequencies::Right,     Frequencies::MissingTwo,
    Frequencies::OverHalf,  Frequencies::PositiveExponent,
    Frequencies::FromOne,   Frequencies::IntegerExponent,
    Frequencies::OverLength};

/// "base^(-i/d)" and so on.
std::string frequencies_text(Frequencies f);

struct Mistakes {
  bool interleaved = false;        // pairs (x[2i], x[2i+1]): the GPT-J convention
  bool ignores_start_pos = false;  // positions 0..T-1 whatever start_pos is
  Frequencies frequencies = Frequencies::Right;
  bool sign_flipped = false;  // rotated by -angle
  // Mistakes the catalogue knows, no pitfall names:
  bool positions_from_one = false;    // positions start_pos + 1 .. start_pos + T
  bool base_ignored = false;          // base 10000 whatever base is
  bool cos_sin_swapped = false;       // x * sin + rotate_half(x) * cos
  bool rotate_half_unsigned = false;  // rotate_half(x) = cat(x2, x1): no minus sign
  bool rotate_half_negated = false;   // rotate_half(x) = cat(-x2, -x1): a minus on both halves
  bool first_half_only = false;       // out[i] rotated, out[i + d/2] left as x[i + d/2]
  bool cos_one_late = false;          // the cos table at position + 1, the sin table right
  bool frequency_by_row = false;      // every pair of row t turns by base^(-2t/d): the row's
                                      // index where the pair's belongs
  bool start_pos_twice = false;       // positions 2 start_pos + t
  bool sin_from_zero = false;         // the sin table at positions 0 .. T - 1, the cos table right
  bool cos_from_zero = false;         // the cos table at positions 0 .. T - 1, the sin table right
  bool unrotated = false;             // x returned as it is
};

/// Both sets of mistakes at once, or nullopt where they set one step two ways (two frequency
/// mistakes, one mistake twice): a double the catalogue can claim (Diagnosis::computes_pair).
std::optional<Mistakes> together(const Mistakes& a, const Mistakes& b);

/// RoPE of x (..., T, d) with the mistakes in m, in Float64.
kt::Tensor rope_with_mistakes(const kt::Tensor& x, int64_t start_pos, double base,
                              const Mistakes& m);

}  // namespace grader::kata_rope
