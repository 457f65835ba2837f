// How many numbers a learner's call took from a kt::Generator it was given: the katas that fix
// their draws (mha_train's dropout, sampling's one uniform per call) count them on the generator
// itself, which the learner's process sends back as its bytes.
#pragma once

#include <cstdint>

#include "grader/channel/draws.hpp"
#include "kt/generator.hpp"

namespace grader {

/// How many numbers (next_u64 draws: uniform() takes one, kt::rand of N elements N) separate
/// `after` from a generator seeded with `seed`: 0 when it is where the seed put it, -1 when it is
/// not within `limit` draws of it.
int64_t draws_taken(uint64_t seed, const kt::Generator& after, int64_t limit = 1 << 16);

}  // namespace grader
