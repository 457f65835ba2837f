// The models the beam_search kata's cases search over, computed alike by the grader (cases.cpp)
// and by the learner's process (call.cpp): a model is a seed and a kind, its values a hash of the
// prefix (integer arithmetic only, so both processes get the same bits) mapped to hundredths, read
// back as the tensor holds them (in Float32, rounded to float). Every correct search adds the same
// values in the same order (a running sum, step by step), so two correct programs agree on every
// comparison to the bit, ties included (Note [beam_search's tolerance] in cases.cpp).
// Header-only: the learner's process links no grader library.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "kt/tensor.hpp"

namespace grader::kata_beam_search {

enum class ModelKind : int64_t {
  Random = 0,     // values in [-5, -0.25] in hundredths, log-probability-like
  Ties = 1,       // values from {-0.5, -1, -1.5, -2}: equal candidates everywhere
  EosLikely = 2,  // Random with eos's value raised by 2.5 (at most -0.25): hypotheses finish
  Tiny = 3,       // values in [-316, -300] in hundredths: a product of three exp(value)
                  // underflows to 0 in float64
  Peaked = 4,     // each prefix's row shifted as a whole by up to -4, eos's raised by 1 (at
                  // most -0.25): the
                  // best hypothesis's extensions fill the step's best candidates, eos among them
};

struct Model {
  int64_t v = 5;  // tokens
  uint64_t seed = 1;
  ModelKind kind = ModelKind::Random;
  int64_t eos = 1;       // the token EosLikely favours
  bool float32 = false;  // the tensors the model returns are Float32 (else Float64)
  bool strided = false;  // ... and a view with stride 2 (else contiguous)
};

inline uint64_t mix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

/// The model's values after `prefix`, as the tensor holds them (read as double).
inline std::vector<double> model_values(const Model& m, const std::vector<int64_t>& prefix) {
  uint64_t h = mix64(m.seed);
  for (int64_t t : prefix) h = mix64(h ^ (uint64_t(t) + 0x51ed27ULL));
  const auto row_shift = int64_t((mix64(h ^ 0x5bd1e995ULL) >> 40) % 401);  // hundredths
  std::vector<double> values;
  for (int64_t t = 0; t < m.v; ++t) {
    const uint64_t r = mix64(h + uint64_t(t) * 0x2545f4914f6cdd1dULL) >> 40;  // 24 bits
    int64_t hundredths = 0;
    switch (m.kind) {
      case ModelKind::Ties:
        hundredths = -50 * int64_t(1 + r % 4);
        break;
      case ModelKind::Tiny:
        hundredths = -30000 - int64_t(r % 1601);
        break;
      case ModelKind::Random:
      case ModelKind::EosLikely:
        hundredths = -25 - int64_t(r % 476);  // [-5, -0.25]
        if (m.kind == ModelKind::EosLikely && t == m.eos)
          hundredths = hundredths + 250 > -25 ? -25 : hundredths + 250;
        break;
      case ModelKind::Peaked:
        hundredths =
            std::min<int64_t>(-25, -25 - int64_t(r % 200) - row_shift + (t == m.eos ? 100 : 0));
        break;
    }
    const double x = double(hundredths) / 100;
    values.push_back(m.float32 ? double(float(x)) : x);
  }
  return values;
}

/// The tensor the model returns for `values`: (V), in the model's dtype and layout.
inline kt::Tensor model_tensor(const Model& m, const std::vector<double>& values) {
  const auto v = int64_t(values.size());
  const kt::Dtype dtype = m.float32 ? kt::Float32 : kt::Float64;
  if (!m.strided) return kt::from_vector(values, {v}).to(dtype);
  std::vector<double> pairs;
  for (double x : values) {
    pairs.push_back(99.0);  // what the view skips
    pairs.push_back(x);
  }
  return kt::from_vector(pairs, {v, 2}).to(dtype).select(1, 1);
}

}  // namespace grader::kata_beam_search
