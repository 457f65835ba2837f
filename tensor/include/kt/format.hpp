// fmt support: fmt::format("{}", t) prints kt::repr(t). Separate from kt/tensor.hpp so that kata
// files do not pay for fmt's headers.
#pragma once

#include <fmt/format.h>

#include <string_view>

#include "kt/tensor_class.hpp"

template <>
struct fmt::formatter<kt::Tensor> : fmt::formatter<std::string_view> {
  template <class FormatContext>
  auto format(const kt::Tensor& t, FormatContext& ctx) const {
    const std::string text = kt::repr(t);
    return fmt::formatter<std::string_view>::format(std::string_view(text), ctx);
  }
};
