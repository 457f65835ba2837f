// expect: pass
// Positions and pair indices broadcast from two aranges of different ranks; the rotation applied
// as cos and sin scaled halves summed with where-free arithmetic.
#include <cmath>

#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  const int64_t T = x.size(-2), d = x.size(-1), half = d / 2;
  const kt::Tensor pos = kt::arange(double(T)).view({T, 1}) + double(start_pos);
  const kt::Tensor idx = kt::arange(0.0, double(d), 2.0).view({1, half}) / double(d);
  const kt::Tensor angles = pos * kt::exp(idx * -std::log(base));
  const kt::Tensor c = kt::cos(angles).to(x.dtype()), s = kt::sin(angles).to(x.dtype());
  const kt::Tensor lo = x.narrow(3, 0, half), hi = x.narrow(3, half, half);
  return kt::cat({lo * c + (-hi) * s, lo * s + hi * c}, 3);
}

}  // namespace kata
