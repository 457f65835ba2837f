// expect: pass
// Hugging Face's form: emb = cat(angles, angles) over the whole last axis, rotate_half(x) =
// cat(-x2, x1), and out = x * cos(emb) + rotate_half(x) * sin(emb).
#include <cmath>

#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  const int64_t T = x.size(-2), d = x.size(-1), half = d / 2;
  const kt::Tensor inv_freq =
      1.0 / kt::exp(kt::arange(0.0, double(d), 2.0) * (std::log(base) / double(d)));
  const kt::Tensor t = kt::arange(double(start_pos), double(start_pos + T));
  const kt::Tensor freqs = t.unsqueeze(1) * inv_freq.unsqueeze(0);
  const kt::Tensor emb = kt::cat({freqs, freqs}, -1);
  const kt::Tensor rotated = kt::cat({-x.narrow(-1, half, half), x.narrow(-1, 0, half)}, -1);
  return x * kt::cos(emb).to(x.dtype()) + rotated * kt::sin(emb).to(x.dtype());
}

}  // namespace kata
