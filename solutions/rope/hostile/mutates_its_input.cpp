// expect: fail
// Right values, but rotates x in place through its storage (a kt::Tensor copy is a view) and
// returns it: the statement says x is not modified, so inputs_unchanged must fail, and only it.
// (The grader hands each call a fresh copy, so nothing the other checks read is corrupted.)
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
  const kt::Tensor x1 = x.narrow(-1, 0, half), x2 = x.narrow(-1, half, half);
  const kt::Tensor first = x1 * cos - x2 * sin, second = x2 * cos + x1 * sin;
  kt::Tensor inout = x;
  inout.narrow(-1, 0, half).copy_(first);
  inout.narrow(-1, half, half).copy_(second);
  return inout;
}

}  // namespace kata
