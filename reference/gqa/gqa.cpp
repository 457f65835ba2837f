#include "reference/gqa/gqa.hpp"

#include <cmath>
#include <string>
#include <vector>

#include "reference/common/head_mask.hpp"
#include "reference/common/softmax_rows.hpp"

namespace ref {
namespace {

using detail::Mask;
using detail::Matrix;
using detail::softmax_rows;
using ConstMap = Eigen::Map<const Matrix>;

std::vector<double> values_of(const kt::Tensor& t) { return t.to(kt::Float64).to_vector<double>(); }

/// y = x Wᵀ + b for x given as rows; w is (out, in).
Matrix project(const Matrix& x, const kt::Tensor& w, const kt::Tensor& b, int64_t out) {
  const auto in = x.cols();
  if (w.numel() != out * in) {
    throw kt::ShapeError("ref::gqa_forward: a projection weight of shape " +
                         kt::shape_str(w.sizes()) + " where (" + std::to_string(out) + ", " +
                         std::to_string(in) + ") was expected");
  }
  const std::vector<double> wv = values_of(w);
  Matrix y = x * ConstMap(wv.data(), out, in).transpose();
  if (b.defined()) {
    const std::vector<double> bv = values_of(b);
    for (Eigen::Index r = 0; r < y.rows(); ++r)
      for (Eigen::Index c = 0; c < out; ++c) y(r, c) += bv[size_t(c)];
  }
  return y;
}

}  // namespace

kt::Tensor gqa_forward(const kt::Tensor& x, const MhaWeights& w, int64_t H, int64_t Hkv,
                       bool causal, const kt::Tensor& mask, MaskedRows masked_rows) {
  if (x.dim() != 3) throw kt::ShapeError("ref::gqa_forward: x must be (B, T, d_model)");
  const int64_t B = x.size(0), T = x.size(1), D = x.size(2);
  if (H <= 0 || D % H != 0) throw kt::ValueError("ref::gqa_forward: d_model % num_heads != 0");
  if (Hkv <= 0 || H % Hkv != 0) {
    throw kt::ValueError("ref::gqa_forward: num_heads % num_kv_heads != 0");
  }
  const int64_t dk = D / H, group = H / Hkv;
  const detail::HeadMask masks(mask, B, H, T, "ref::gqa_forward");

  const std::vector<double> xv = values_of(x);
  const Matrix xm = ConstMap(xv.data(), B * T, D);
  const Matrix q = project(xm, w.wq, w.bq, D);
  const Matrix k = project(xm, w.wk, w.bk, Hkv * dk);
  const Matrix v = project(xm, w.wv, w.bv, Hkv * dk);
  const double scale = 1.0 / std::sqrt(double(dk));

  Matrix merged = Matrix::Zero(B * T, D);
  Matrix qh(T, dk), kh(T, dk), vh(T, dk);
  for (int64_t b = 0; b < B; ++b) {
    for (int64_t h = 0; h < H; ++h) {
      const int64_t g = h / group;  // the key/value head query head h reads
      for (int64_t t = 0; t < T; ++t) {
        for (int64_t c = 0; c < dk; ++c) {  // head h owns features [h*dk, (h+1)*dk)
          qh(t, c) = q(b * T + t, h * dk + c);
          kh(t, c) = k(b * T + t, g * dk + c);
          vh(t, c) = v(b * T + t, g * dk + c);
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
  const Matrix y = project(merged, w.wo, w.bo, D);
  return kt::from_vector(std::vector<double>(y.data(), y.data() + y.size()), {B, T, D});
}

}  // namespace ref
