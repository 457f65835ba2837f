// Runtime element types and their limits.
#pragma once

#include <cstdint>
#include <string_view>

namespace kt {

enum class Dtype : uint8_t { Float32, Float64, Bool, Int64 };

inline constexpr Dtype Float32 = Dtype::Float32;
inline constexpr Dtype Float64 = Dtype::Float64;
inline constexpr Dtype Bool = Dtype::Bool;
inline constexpr Dtype Int64 = Dtype::Int64;

/// "float32", "float64", "bool", "int64".
std::string_view dtype_name(Dtype dtype) noexcept;
/// Bytes per element.
int64_t element_size(Dtype dtype) noexcept;
[[nodiscard]] constexpr bool is_floating(Dtype dtype) noexcept {
  return dtype == Dtype::Float32 || dtype == Dtype::Float64;
}

/// Limits of a floating dtype, like torch.finfo: min is the most negative finite value.
struct FloatInfo {
  double min;
  double max;
  double eps;
  double tiny;  // smallest positive normal number
};

/// Throws DtypeError for Bool and Int64.
FloatInfo finfo(Dtype dtype);

/// The dtype two operands of an arithmetic op are computed in (Bool < Int64 < Float32 < Float64).
Dtype promote_types(Dtype a, Dtype b) noexcept;

}  // namespace kt
