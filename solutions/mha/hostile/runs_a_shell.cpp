// expect: error
// expect-message: tried to write outside its sandbox
// needs: sandbox
// Hostile: replaces itself with a shell that writes into the repository. Exec is allowed, but the
// shell inherits the sandbox and the filter: its write lands in the sandbox's throwaway root,
// where the grader finds it.
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <string>

#include "mha.hpp"

namespace {

/// The repository this file sits in (solutions/mha/hostile/FILE.cpp), as the compiler saw it.
std::filesystem::path repository() {
  return std::filesystem::path(__FILE__).parent_path().parent_path().parent_path().parent_path();
}

void hostile() {
  // Into the repository and the root folder (a repository under /tmp would be inside the
  // sandbox's own private /tmp, where a write is allowed and lands in a throwaway tmpfs). Only
  // the shell's own echo and redirection: it cannot start a program.
  const std::string command = "echo pwned > " + (repository() / "pwned-by-shell.txt").string() +
                              "; echo pwned > /pwned-by-shell.txt";
  execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
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
