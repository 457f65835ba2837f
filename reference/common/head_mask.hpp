// An attention mask of the MHA family as a function of (batch, query head, query, key): the
// references broadcast it by index arithmetic, never through kt's views.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kt/tensor.hpp"

namespace ref::detail {

/// mask: undefined (everything allowed), or Bool with true = may attend, broadcastable to
/// (B, H, T, T). `who` names the caller in the errors.
class HeadMask {
 public:
  HeadMask(const kt::Tensor& mask, int64_t B, int64_t H, int64_t T, const std::string& who) {
    if (!mask.defined()) return;
    if (mask.dtype() != kt::Bool || mask.dim() > 4) {
      throw kt::ShapeError(who + ": the mask must be Bool with at most 4 dims");
    }
    const int64_t full[4] = {B, H, T, T};
    sizes_.assign(4, 1);
    for (int64_t d = 0; d < mask.dim(); ++d) sizes_[size_t(4 - mask.dim() + d)] = mask.size(d);
    for (size_t d = 0; d < 4; ++d) {
      if (sizes_[d] != 1 && sizes_[d] != full[d]) {
        throw kt::ShapeError(who + ": mask of shape " + kt::shape_str(mask.sizes()) +
                             " does not broadcast to (B, H, T, T)");
      }
    }
    values_ = mask.to_vector<bool>();
  }
  [[nodiscard]] bool allowed(int64_t b, int64_t h, int64_t i, int64_t j) const {
    if (values_.empty()) return true;
    const int64_t idx[4] = {b, h, i, j};
    int64_t flat = 0;
    for (size_t d = 0; d < 4; ++d) flat = flat * sizes_[d] + (sizes_[d] == 1 ? 0 : idx[d]);
    return values_[size_t(flat)];
  }

 private:
  std::vector<int64_t> sizes_;
  std::vector<bool> values_;
};

}  // namespace ref::detail
