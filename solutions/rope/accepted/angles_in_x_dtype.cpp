// expect: pass
// The angles in x's dtype, as Hugging Face's LLaMA does (float32 positions and frequencies for a
// float32 model): within the Float32 tolerance, exact enough in Float64.
#include <cmath>

#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  const kt::Dtype dt = x.dtype();
  const int64_t T = x.size(-2), d = x.size(-1), half = d / 2;
  const kt::Tensor inv_freq =
      kt::exp(kt::arange(double(half), dt) * (-2.0 * std::log(base) / double(d)));
  const kt::Tensor positions = kt::arange(double(start_pos), double(start_pos + T), 1.0, dt);
  const kt::Tensor angles = positions.unsqueeze(1) * inv_freq;
  const kt::Tensor cos = kt::cos(angles), sin = kt::sin(angles);
  const kt::Tensor x1 = x.narrow(-1, 0, half), x2 = x.narrow(-1, half, half);
  return kt::cat({x1 * cos - x2 * sin, x2 * cos + x1 * sin}, -1);
}

}  // namespace kata
