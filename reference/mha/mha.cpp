#include "reference/mha/mha.hpp"

#include "reference/common/softmax_rows.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace ref {
namespace {

using detail::Mask;
using detail::Matrix;
using detail::softmax_rows;
using ConstMap = Eigen::Map<const Matrix>;

std::vector<double> values_of(const kt::Tensor& t) { return t.to(kt::Float64).to_vector<double>(); }

/// y = x Wᵀ + b for x given as rows.
Matrix project(const Matrix& x, const kt::Tensor& w, const kt::Tensor& b) {
  const auto d = x.cols();
  const std::vector<double> wv = values_of(w);
  Matrix y = x * ConstMap(wv.data(), d, d).transpose();
  if (b.defined()) {
    const std::vector<double> bv = values_of(b);
    for (Eigen::Index r = 0; r < y.rows(); ++r)
      for (Eigen::Index c = 0; c < d; ++c) y(r, c) += bv[size_t(c)];
  }
  return y;
}

/// The mask as a function of (b, h, i, j), broadcasting by index arithmetic.
class MaskReader {
 public:
  MaskReader(const kt::Tensor& mask, int64_t B, int64_t H, int64_t T) {
    if (!mask.defined()) return;
    if (mask.dtype() != kt::Bool || mask.dim() > 4) {
      throw kt::ShapeError("ref::mha_forward: the mask must be Bool with at most 4 dims");
    }
    const int64_t full[4] = {B, H, T, T};
    sizes_.assign(4, 1);
    for (int64_t d = 0; d < mask.dim(); ++d) sizes_[size_t(4 - mask.dim() + d)] = mask.size(d);
    for (size_t d = 0; d < 4; ++d) {
      if (sizes_[d] != 1 && sizes_[d] != full[d]) {
        throw kt::ShapeError("ref::mha_forward: mask of shape " + kt::shape_str(mask.sizes()) +
                             " does not broadcast to (B, H, T, T)");
      }
    }
    values_ = mask.to_vector<bool>();
  }
  bool allowed(int64_t b, int64_t h, int64_t i, int64_t j) const {
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

}  // namespace

kt::Tensor mha_forward(const kt::Tensor& x, const MhaWeights& w, int64_t H, bool causal,
                       const kt::Tensor& mask, MaskedRows masked_rows) {
  if (x.dim() != 3) throw kt::ShapeError("ref::mha_forward: x must be (B, T, d_model)");
  const int64_t B = x.size(0), T = x.size(1), D = x.size(2);
  if (H <= 0 || D % H != 0) throw kt::ValueError("ref::mha_forward: d_model % num_heads != 0");
  const int64_t dk = D / H;
  const MaskReader masks(mask, B, H, T);

  const std::vector<double> xv = values_of(x);
  const Matrix xm = ConstMap(xv.data(), B * T, D);
  const Matrix q = project(xm, w.wq, w.bq);
  const Matrix k = project(xm, w.wk, w.bk);
  const Matrix v = project(xm, w.wv, w.bv);
  const double scale = 1.0 / std::sqrt(double(dk));

  Matrix merged = Matrix::Zero(B * T, D);
  Matrix qh(T, dk), kh(T, dk), vh(T, dk);
  for (int64_t b = 0; b < B; ++b) {
    for (int64_t h = 0; h < H; ++h) {
      for (int64_t t = 0; t < T; ++t) {
        for (int64_t c = 0; c < dk; ++c) {  // head h owns features [h*dk, (h+1)*dk)
          qh(t, c) = q(b * T + t, h * dk + c);
          kh(t, c) = k(b * T + t, h * dk + c);
          vh(t, c) = v(b * T + t, h * dk + c);
        }
      }
      const Matrix scores = (qh * kh.transpose()) * scale;
      Mask allowed(T, T);
      for (int64_t i = 0; i < T; ++i)
        for (int64_t j = 0; j < T; ++j)
          allowed(i, j) = (!causal || j <= i) && masks.allowed(b, h, i, j);
      const Matrix out = softmax_rows(scores, allowed, masked_rows) * vh;
      for (int64_t t = 0; t < T; ++t)
        for (int64_t c = 0; c < dk; ++c) merged(b * T + t, h * dk + c) = out(t, c);
    }
  }
  const Matrix y = project(merged, w.wo, w.bo);
  return kt::from_vector(std::vector<double>(y.data(), y.data() + y.size()), {B, T, D});
}

kt::Tensor fully_masked_queries(int64_t B, int64_t T, int64_t H, bool causal,
                                const kt::Tensor& mask) {
  const MaskReader masks(mask, B, H, T);
  std::vector<bool> out;
  for (int64_t b = 0; b < B; ++b) {
    for (int64_t i = 0; i < T; ++i) {
      bool some_head_empty = false;
      for (int64_t h = 0; h < H; ++h) {
        bool any = false;
        for (int64_t j = 0; j < T; ++j)
          any = any || ((!causal || j <= i) && masks.allowed(b, h, i, j));
        some_head_empty = some_head_empty || !any;
      }
      out.push_back(some_head_empty);
    }
  }
  return kt::from_vector(out, {B, T});
}

}  // namespace ref
