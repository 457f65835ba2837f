// repr() and operator<<: PyTorch's printing, plus the shape.
//
// Floats print with 4 decimals, or in scientific notation when the magnitudes span more than 1e3
// or leave [1e-4, 1e8); whole numbers print as "2.". Every value is padded to one width. A tensor
// of more than 1000 elements shows only the first and last 3 entries of each long dim, with "...".
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>

#include "internal.hpp"

namespace kt {
namespace {

constexpr int64_t kThreshold = 1000;
constexpr int64_t kEdge = 3;

struct Printer {
  const Tensor& t;
  bool summarize;
  std::vector<std::string> cells;  // formatted values of the shown elements, in order
  size_t next = 0;
  size_t width = 0;

  /// Offsets of the elements that are shown, in print order.
  void collect(size_t d, int64_t offset, std::vector<int64_t>& out) const {
    if (d == t.sizes().size()) {
      out.push_back(offset);
      return;
    }
    const int64_t n = t.sizes()[d];
    for (int64_t i = 0; i < n; ++i) {
      if (summarize && n > 2 * kEdge && i == kEdge) i = n - kEdge;
      collect(d + 1, offset + i * t.strides()[d], out);
    }
  }

  void format_values() {
    std::vector<int64_t> offsets;
    collect(0, t.storage_offset(), offsets);
    detail::dispatch(t.dtype(), [&](auto tag) {
      using T = decltype(tag);
      const T* base = static_cast<const T*>(detail::TensorAccess::storage(t)->data);
      std::vector<T> v;
      v.reserve(offsets.size());
      for (int64_t o : offsets) v.push_back(base[o]);
      char buf[64];
      if constexpr (std::is_same_v<T, bool>) {
        for (T x : v) cells.emplace_back(x ? "True" : "False");
      } else if constexpr (std::is_same_v<T, int64_t>) {
        for (T x : v) cells.push_back(std::to_string(x));
      } else {
        double lo = INFINITY;
        double hi = 0;
        bool whole = true;
        for (T x : v) {
          if (!std::isfinite(x)) continue;
          const double a = std::abs(double(x));
          if (a != 0) lo = std::min(lo, a);
          hi = std::max(hi, a);
          whole = whole && std::trunc(double(x)) == double(x);
        }
        const bool sci = hi > 0 && (hi / lo > 1e3 || hi >= 1e8 || lo < 1e-4);
        for (T x : v) {
          const double y = double(x);
          if (std::isnan(y)) {
            cells.emplace_back("nan");
          } else if (std::isinf(y)) {
            cells.emplace_back(y > 0 ? "inf" : "-inf");
          } else if (sci) {
            std::snprintf(buf, sizeof buf, "%.4e", y);
            cells.emplace_back(buf);
          } else if (whole) {
            std::snprintf(buf, sizeof buf, "%.0f.", y);
            cells.emplace_back(buf);
          } else {
            std::snprintf(buf, sizeof buf, "%.4f", y);
            cells.emplace_back(buf);
          }
        }
      }
    });
    for (const auto& c : cells) width = std::max(width, c.size());
  }

  void print(std::string& out, size_t d, size_t indent) {
    const size_t nd = t.sizes().size();
    if (d == nd) {
      const std::string& c = cells[next++];
      out.append(width - c.size(), ' ');
      out += c;
      return;
    }
    out += '[';
    const int64_t n = t.sizes()[d];
    for (int64_t i = 0; i < n; ++i) {
      if (i > 0) {
        if (d + 1 == nd) {
          out += ", ";
        } else {
          out += ',';
          out.append(nd - d - 1, '\n');
          out.append(indent + 1, ' ');
        }
      }
      if (summarize && n > 2 * kEdge && i == kEdge) {
        out += "...";
        i = n - kEdge - 1;
        continue;
      }
      print(out, d + 1, indent + 1);
    }
    out += ']';
  }
};

}  // namespace

std::string repr(const Tensor& t) {
  if (!t.defined()) return "tensor(undefined)";
  std::string out = "tensor(";
  if (t.numel() == 0) {
    out += "[]";
  } else {
    Printer p{t, t.numel() > kThreshold, {}, 0, 0};
    p.format_values();
    p.print(out, 0, 7);
  }
  out += ", dtype=" + detail::dname(t.dtype()) + ", shape=" + shape_str(t.sizes()) + ")";
  return out;
}

std::ostream& operator<<(std::ostream& os, const Tensor& t) { return os << repr(t); }

}  // namespace kt
