// How many numbers separate two states of one kt::Generator: both sides of the channel count a
// learner's draws with it (the runner from a seed, grader/lib/draws.hpp; the learner's process
// one call at a time, e.g. speculative_decoding's call.cpp).
#pragma once

#include <cstdint>

#include "kt/generator.hpp"

namespace grader {

/// How many numbers (next_u64 draws: uniform() takes one, kt::rand of N elements N) took the
/// generator from `from` to `to`: 0 when they are alike, -1 when `to` is not within `limit` draws.
inline int64_t draws_between(kt::Generator from, const kt::Generator& to, int64_t limit) {
  // Alike when their next four numbers are (a state is 256 bits).
  const auto same_state = [](kt::Generator a, kt::Generator b) {
    for (int i = 0; i < 4; ++i)
      if (a.next_u64() != b.next_u64()) return false;
    return true;
  };
  for (int64_t k = 0; k <= limit; ++k, from.next_u64())
    if (same_state(from, to)) return k;
  return -1;
}

}  // namespace grader
