// expect: pass
// Rotates a clone of x in place, half by half: the result is a tensor of its own, so x is left as
// it was given (the in-place writes go into the clone's storage only).
#include <cmath>

#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  const int64_t T = x.size(-2), d = x.size(-1), half = d / 2;
  const kt::Tensor inv_freq =
      kt::exp(kt::arange(double(half)) * (-2.0 * std::log(base) / double(d)));
  const kt::Tensor angles =
      kt::arange(double(start_pos), double(start_pos + T)).unsqueeze(1) * inv_freq;
  const kt::Tensor cos = kt::cos(angles).to(x.dtype()), sin = kt::sin(angles).to(x.dtype());
  kt::Tensor out = x.clone();
  const kt::Tensor x1 = x.narrow(-1, 0, half), x2 = x.narrow(-1, half, half);
  out.narrow(-1, 0, half).copy_(x1 * cos - x2 * sin);
  out.narrow(-1, half, half).copy_(x2 * cos + x1 * sin);
  return out;
}

}  // namespace kata
