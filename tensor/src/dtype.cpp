#include "kt/dtype.hpp"

#include <limits>
#include <string>

#include "kt/error.hpp"

namespace kt {

std::string_view dtype_name(Dtype dtype) noexcept {
  switch (dtype) {
    case Dtype::Float32:
      return "float32";
    case Dtype::Float64:
      return "float64";
    case Dtype::Bool:
      return "bool";
    case Dtype::Int64:
      break;
  }
  return "int64";
}

int64_t element_size(Dtype dtype) noexcept {
  switch (dtype) {
    case Dtype::Float32:
      return 4;
    case Dtype::Bool:
      return 1;
    case Dtype::Float64:
    case Dtype::Int64:
      break;
  }
  return 8;
}

FloatInfo finfo(Dtype dtype) {
  if (dtype == Dtype::Float32) {
    using L = std::numeric_limits<float>;
    return {double(L::lowest()), double(L::max()), double(L::epsilon()), double(L::min())};
  }
  if (dtype == Dtype::Float64) {
    using L = std::numeric_limits<double>;
    return {L::lowest(), L::max(), L::epsilon(), L::min()};
  }
  throw DtypeError("finfo: expected a floating dtype (float32 or float64) but got " +
                   std::string(dtype_name(dtype)));
}

Dtype promote_types(Dtype a, Dtype b) noexcept {
  auto rank = [](Dtype d) {
    switch (d) {
      case Dtype::Bool:
        return 0;
      case Dtype::Int64:
        return 1;
      case Dtype::Float32:
        return 2;
      case Dtype::Float64:
        break;
    }
    return 3;
  };
  return rank(a) >= rank(b) ? a : b;
}

}  // namespace kt
