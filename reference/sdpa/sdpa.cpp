#include "reference/sdpa/sdpa.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "reference/common/softmax_rows.hpp"

namespace ref {
namespace {

using detail::Mask;
using detail::Matrix;
using ConstMap = Eigen::Map<const Matrix>;

[[noreturn]] void shape_error(const std::string& what) {
  throw kt::ShapeError("ref::sdpa: " + what);
}

/// Broadcasts `a` and `b` (leading axes only), numpy-style.
kt::Shape broadcast(const kt::Shape& a, const kt::Shape& b) {
  const size_t n = std::max(a.size(), b.size());
  kt::Shape out(n, 1);
  for (size_t i = 0; i < n; ++i) {
    const int64_t x = i < n - a.size() ? 1 : a[i - (n - a.size())];
    const int64_t y = i < n - b.size() ? 1 : b[i - (n - b.size())];
    if (x != y && x != 1 && y != 1) {
      shape_error("leading axes " + kt::shape_str(a) + " and " + kt::shape_str(b) +
                  " do not broadcast");
    }
    out[i] = x == 1 ? y : x;
  }
  return out;
}

kt::Shape leading(const kt::Tensor& t) {
  const kt::Shape s = t.sizes();
  return kt::Shape(s.begin(), s.end() - 2);
}

/// Reads a contiguous row-major tensor of shape `own` as if broadcast to `full` (same rank once
/// `own` is padded with leading 1s): the offset of element `index` of `full`.
class Broadcaster {
 public:
  Broadcaster(const kt::Shape& own, const kt::Shape& full) : strides_(full.size(), 0) {
    const size_t pad = full.size() - own.size();
    int64_t stride = 1;
    for (size_t d = own.size(); d-- > 0;) {
      strides_[d + pad] = own[d] == 1 ? 0 : stride;
      stride *= own[d];
    }
  }
  int64_t offset(const std::vector<int64_t>& index) const {
    int64_t off = 0;
    for (size_t d = 0; d < index.size(); ++d) off += index[d] * strides_[d];
    return off;
  }

 private:
  std::vector<int64_t> strides_;
};

struct Layout {
  kt::Shape batch;  // the broadcast leading axes
  int64_t Tq = 0, Tk = 0, dk = 0, dv = 0;
  int64_t count() const {
    int64_t n = 1;
    for (int64_t s : batch) n *= s;
    return n;
  }
};

Layout layout_of(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                 const kt::Tensor& mask) {
  if (q.dim() < 2 || k.dim() < 2 || v.dim() < 2) shape_error("q, k and v need at least 2 dims");
  Layout l;
  l.Tq = q.size(-2), l.Tk = k.size(-2), l.dk = q.size(-1), l.dv = v.size(-1);
  if (k.size(-1) != l.dk) shape_error("q and k must have the same last dim (d_k)");
  if (v.size(-2) != l.Tk) shape_error("k and v must have the same number of keys (T_k)");
  l.batch = broadcast(broadcast(leading(q), leading(k)), leading(v));
  if (mask.defined()) {
    if (mask.dtype() != kt::Bool) shape_error("the mask must be Bool");
    kt::Shape full = l.batch;
    full.push_back(l.Tq);
    full.push_back(l.Tk);
    if (mask.dim() > int64_t(full.size()) || broadcast(mask.sizes(), full) != full) {
      shape_error("mask of shape " + kt::shape_str(mask.sizes()) + " does not broadcast to " +
                  kt::shape_str(full));
    }
  }
  return l;
}

/// The (T_q x T_k) matrix of what each query may attend to, for batch entry `index`.
Mask allowed_block(const Layout& l, const std::vector<bool>& mask_values,
                   const Broadcaster* mask_reader, const std::vector<int64_t>& index,
                   bool is_causal) {
  Mask allowed(l.Tq, l.Tk);
  std::vector<int64_t> full = index;
  full.push_back(0);
  full.push_back(0);
  for (int64_t i = 0; i < l.Tq; ++i) {
    for (int64_t j = 0; j < l.Tk; ++j) {
      bool ok = !is_causal || j <= l.Tk - l.Tq + i;
      if (ok && mask_reader != nullptr) {
        full[full.size() - 2] = i;
        full[full.size() - 1] = j;
        ok = mask_values[size_t(mask_reader->offset(full))];
      }
      allowed(i, j) = ok;
    }
  }
  return allowed;
}

/// Calls fn(batch index, flat batch number) for every entry of the broadcast leading axes.
template <class F>
void for_each_entry(const Layout& l, F&& fn) {
  std::vector<int64_t> index(l.batch.size(), 0);
  for (int64_t n = 0; n < l.count(); ++n) {
    fn(index, n);
    for (size_t d = index.size(); d-- > 0;) {
      if (++index[d] < l.batch[d]) break;
      index[d] = 0;
    }
  }
}

kt::Shape with_last_two(kt::Shape s, int64_t a, int64_t b) {
  s.push_back(a);
  s.push_back(b);
  return s;
}

}  // namespace

kt::Shape sdpa_shape(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                     const kt::Tensor& mask) {
  const Layout l = layout_of(q, k, v, mask);
  return with_last_two(l.batch, l.Tq, l.dv);
}

kt::Tensor sdpa(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                const kt::Tensor& mask, bool is_causal, MaskedRows masked_rows) {
  const Layout l = layout_of(q, k, v, mask);
  const std::vector<double> qv = q.to(kt::Float64).to_vector<double>();
  const std::vector<double> kv = k.to(kt::Float64).to_vector<double>();
  const std::vector<double> vv = v.to(kt::Float64).to_vector<double>();
  const Broadcaster qb(leading(q), l.batch), kb(leading(k), l.batch), vb(leading(v), l.batch);
  std::vector<bool> mask_values;
  std::optional<Broadcaster> mb;
  if (mask.defined()) {
    mask_values = mask.to_vector<bool>();
    mb.emplace(mask.sizes(), with_last_two(l.batch, l.Tq, l.Tk));
  }
  const double scale = 1.0 / std::sqrt(double(l.dk));
  std::vector<double> out(size_t(l.count() * l.Tq * l.dv));
  for_each_entry(l, [&](const std::vector<int64_t>& index, int64_t n) {
    const ConstMap qm(qv.data() + qb.offset(index) * l.Tq * l.dk, l.Tq, l.dk);
    const ConstMap km(kv.data() + kb.offset(index) * l.Tk * l.dk, l.Tk, l.dk);
    const ConstMap vm(vv.data() + vb.offset(index) * l.Tk * l.dv, l.Tk, l.dv);
    const Matrix scores = (qm * km.transpose()) * scale;
    const Mask allowed = allowed_block(l, mask_values, mb ? &*mb : nullptr, index, is_causal);
    const Matrix o = detail::softmax_rows(scores, allowed, masked_rows) * vm;
    std::copy(o.data(), o.data() + o.size(), out.begin() + n * l.Tq * l.dv);
  });
  return kt::from_vector(out, with_last_two(l.batch, l.Tq, l.dv));
}

kt::Tensor sdpa_empty_rows(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           const kt::Tensor& mask, bool is_causal) {
  const Layout l = layout_of(q, k, v, mask);
  std::vector<bool> mask_values;
  std::optional<Broadcaster> mb;
  if (mask.defined()) {
    mask_values = mask.to_vector<bool>();
    mb.emplace(mask.sizes(), with_last_two(l.batch, l.Tq, l.Tk));
  }
  std::vector<bool> out;
  for_each_entry(l, [&](const std::vector<int64_t>& index, int64_t) {
    const Mask allowed = allowed_block(l, mask_values, mb ? &*mb : nullptr, index, is_causal);
    for (int64_t i = 0; i < l.Tq; ++i) out.push_back(!allowed.row(i).any());
  });
  kt::Shape shape = l.batch;
  shape.push_back(l.Tq);
  return kt::from_vector(out, shape);
}

}  // namespace ref
