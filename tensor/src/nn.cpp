#include "kt/nn.hpp"

#include <cmath>

#include "internal.hpp"
#include "kt/ops.hpp"
#include "trace.hpp"

namespace kt::nn {

Linear::Linear(int64_t in, int64_t out, bool with_bias, Dtype dtype)
    : Linear(in, out, with_bias, dtype, default_generator()) {}

Linear::Linear(int64_t in, int64_t out, bool with_bias, Dtype dtype, Generator& gen)
    : in_features(in), out_features(out) {
  if (in < 0 || out < 0) {
    throw ValueError("Linear: in_features and out_features must be >= 0, got " +
                     std::to_string(in) + " and " + std::to_string(out));
  }
  if (!is_floating(dtype)) {
    throw DtypeError("Linear: parameters must be float32 or float64, got " + detail::dname(dtype));
  }
  // torch.nn.Linear: kaiming_uniform_(a=sqrt(5)) on the weight, which is U(-1/sqrt(in),
  // 1/sqrt(in)), and the same bound for the bias.
  const double bound = in > 0 ? 1.0 / std::sqrt(double(in)) : 0.0;
  weight = (rand({out, in}, gen, dtype) * 2.0 - 1.0) * bound;
  if (with_bias) bias = (rand({out}, gen, dtype) * 2.0 - 1.0) * bound;
}

Tensor Linear::operator()(const Tensor& x) const {
  detail::check_defined(x, "Linear");
  detail::OpScope scope("linear", {&x, &weight});
  if (x.dim() == 0 || x.size(-1) != in_features) {
    throw ShapeError("Linear: expected input with last dim " + std::to_string(in_features) +
                     " (in_features), got shape " + shape_str(x.sizes()));
  }
  Tensor y = matmul(x, weight.transpose(0, 1));
  if (bias.defined()) y = y + bias;
  return scope.ret(std::move(y));
}

}  // namespace kt::nn
