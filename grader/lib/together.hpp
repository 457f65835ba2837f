// Two catalogue entries made at once (Diagnosis::computes_pair in diagnosis.hpp): a kata's
// `Mistakes` merged field by field.
#pragma once

#include <optional>

namespace grader {

/// a and b at once: each of `fields` (pointers to members of Mistakes) takes the value of the set
/// that moves it off its default (Mistakes{}); nullopt where both move one (a step set two ways,
/// such as two scales, or one mistake twice). A field left out of `fields` is dropped: each kata's
/// catalogue test checks an entry with no mistake beside it computes the entry alone.
template <class Mistakes, class... Fields>
std::optional<Mistakes> merge_mistakes(const Mistakes& a, const Mistakes& b, Fields... fields) {
  const Mistakes none;
  Mistakes m;
  bool clash = false;
  const auto pick = [&](auto field) {
    const bool in_a = a.*field != none.*field, in_b = b.*field != none.*field;
    clash = clash || (in_a && in_b);
    m.*field = in_a ? a.*field : b.*field;
  };
  (pick(fields), ...);
  if (clash) return std::nullopt;
  return m;
}

}  // namespace grader
