// A seedable random number generator for randn/rand and nn::Linear's initialisation.
#pragma once

#include <cstdint>

namespace kt {

/// xoshiro256** seeded through splitmix64: the same seed gives the same numbers on every machine.
class Generator {
 public:
  explicit Generator(uint64_t seed = 0) { manual_seed(seed); }
  void manual_seed(uint64_t seed);
  uint64_t next_u64();
  /// Uniform in [0, 1).
  double uniform();
  /// Standard normal (Box-Muller).
  double normal();

 private:
  uint64_t s_[4] = {};
  bool has_spare_ = false;
  double spare_ = 0.0;
};

/// The generator used when none is passed.
Generator& default_generator();
/// Reseeds the default generator.
void manual_seed(uint64_t seed);

}  // namespace kt
