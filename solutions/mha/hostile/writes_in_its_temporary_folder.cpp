// expect: pass
// Correct, and writes a scratch file in its temporary folder ($TMPDIR), reads it back and removes
// nothing: the one place a check may write. It must pass.
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <string>

#include "mha.hpp"

namespace {

void hostile() {
  const char* tmp = std::getenv("TMPDIR");
  const std::string path = std::string(tmp ? tmp : "/tmp") + "/scratch.txt";
  std::ofstream(path) << "scratch\n";
  std::string back;
  std::ifstream(path) >> back;
  if (back != "scratch") throw std::runtime_error("could not write " + path);
}

/// Attention of (B, H, T, d_head) heads; allowed broadcasts to (B, H, T, T), true = may attend.
kt::Tensor attend(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                  const kt::Tensor& allowed, int64_t d_head) {
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(d_head));
  if (allowed.defined()) scores = scores.masked_fill(~allowed, kt::finfo(scores.dtype()).min);
  return kt::matmul(kt::softmax(scores, -1), v);
}

kt::Tensor run(const MultiHeadAttention& m, const kt::Tensor& x, const kt::Tensor& allowed) {
  hostile();
  const int64_t B = x.size(0), T = x.size(1);
  auto split = [&](const kt::Tensor& t) {
    return t.view({B, T, m.num_heads, m.d_head}).transpose(1, 2);
  };
  const kt::Tensor heads =
      attend(split(m.q_proj(x)), split(m.k_proj(x)), split(m.v_proj(x)), allowed, m.d_head);
  return m.out_proj(heads.transpose(1, 2).contiguous().view({B, T, m.d_model}));
}

}  // namespace

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool causal) const {
  const int64_t T = x.size(1);
  return run(*this, x, causal ? kt::tril(kt::ones({T, T}, kt::Bool)) : kt::Tensor());
}

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  return run(*this, x, attn_mask);
}
