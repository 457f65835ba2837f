#include "grader/lib/draws.hpp"

namespace grader {

int64_t draws_taken(uint64_t seed, const kt::Generator& after, int64_t limit) {
  return draws_between(kt::Generator(seed), after, limit);
}

}  // namespace grader
