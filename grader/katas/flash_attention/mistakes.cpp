#include "grader/katas/flash_attention/mistakes.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace grader::kata_flash_attention {

kt::Tensor simulate(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v, bool causal,
                    int64_t block, const Mistakes& mistakes) {
  const int64_t T = q.size(-2), d = q.size(-1), dv = v.size(-1);
  const int64_t batch = T == 0 || d == 0 ? 0 : q.numel() / (T * d);
  const std::vector<double> qv = q.to(kt::Float64).to_vector<double>();
  const std::vector<double> kv = k.to(kt::Float64).to_vector<double>();
  const std::vector<double> vv = v.to(kt::Float64).to_vector<double>();
  std::vector<double> out(size_t(batch * T * dv), 0.0);
  const double scale = 1.0 / std::sqrt(double(d));
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> s(static_cast<size_t>(block));
  for (int64_t b = 0; b < batch; ++b) {
    for (int64_t i = 0; i < T; ++i) {
      // The keys query i sees: [0, last].
      int64_t last = T - 1;
      if (causal) last = mistakes.block_leak ? std::min(T - 1, (i / block + 1) * block - 1) : i;
      double m = -inf, l = 0;
      std::vector<double> acc(size_t(dv), 0.0);
      for (int64_t k0 = 0; k0 <= last; k0 += block) {
        const int64_t k1 = std::min(last + 1, k0 + block);  // the seen keys of this block
        double m_blk = -inf;
        for (int64_t j = k0; j < k1; ++j) {
          double dot = 0;
          for (int64_t c = 0; c < d; ++c)
            dot += qv[size_t((b * T + i) * d + c)] * kv[size_t((b * T + j) * d + c)];
          s[size_t(j - k0)] = dot * scale;
          m_blk = std::max(m_blk, s[size_t(j - k0)]);
        }
        const double m_new = std::max(m, m_blk);
        const double alpha = std::exp(m - m_new);
        const double against = mistakes.rescale == Rescale::BlockLocal ? m_blk : m_new;
        const bool rescale_acc =
            mistakes.rescale == Rescale::Right || mistakes.rescale == Rescale::SumNot;
        const bool rescale_sum =
            mistakes.rescale == Rescale::Right || mistakes.rescale == Rescale::AccumulatorNot;
        if (rescale_acc) {
          for (double& a : acc) a *= alpha;
        }
        if (rescale_sum) l *= alpha;
        for (int64_t j = k0; j < k1; ++j) {
          const double p = std::exp(s[size_t(j - k0)] - against);
          l += p;
          for (int64_t c = 0; c < dv; ++c) acc[size_t(c)] += p * vv[size_t((b * T + j) * dv + c)];
        }
        m = m_new;
      }
      for (int64_t c = 0; c < dv; ++c) {
        out[size_t((b * T + i) * dv + c)] =
            mistakes.normalization_missing ? acc[size_t(c)] : acc[size_t(c)] / l;
      }
    }
  }
  kt::Shape shape = q.sizes();
  shape.back() = dv;
  return kt::from_vector(out, shape);
}

std::vector<Mistakes> all_combinations() {
  std::vector<Mistakes> all;
  for (const bool leak : {false, true}) {
    for (const bool normalization : {false, true}) {
      for (const Rescale r : {Rescale::Right, Rescale::AccumulatorNot, Rescale::SumNot,
                              Rescale::Neither, Rescale::BlockLocal}) {
        all.push_back({r, normalization, leak});
      }
    }
  }
  return all;
}

}  // namespace grader::kata_flash_attention
