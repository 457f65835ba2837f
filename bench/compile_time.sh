#!/usr/bin/env bash
# Compile time of a learner-sized file (a 20-line attention forward) that includes kt/tensor.hpp,
# beside the same file including <Eigen/Dense> instead, -O2, median of N runs each, one run.
# Usage: bench/compile_time.sh [runs]   (default 7)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-7}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

cat >"$tmp/with_kt.cpp" <<'CPP'
#include <cmath>
#include "kt/tensor.hpp"
kt::Tensor forward(const kt::Tensor& x, const kt::nn::Linear& q, const kt::nn::Linear& k,
                   const kt::nn::Linear& v, const kt::nn::Linear& o, int64_t H, bool causal) {
  const int64_t B = x.size(0), T = x.size(1), D = x.size(2), dk = D / H;
  auto split = [&](const kt::Tensor& t) { return t.view({B, T, H, dk}).transpose(1, 2); };
  const kt::Tensor qh = split(q(x)), kh = split(k(x)), vh = split(v(x));
  kt::Tensor scores = kt::matmul(qh, kh.transpose(-2, -1)) / std::sqrt(double(dk));
  if (causal) {
    const kt::Tensor future = kt::triu(kt::ones({T, T}, kt::Bool), 1);
    scores = scores.masked_fill(future, kt::finfo(x.dtype()).min);
  }
  const kt::Tensor weights = kt::softmax(scores, -1);
  const kt::Tensor mixed = kt::matmul(weights, vh);
  return o(mixed.transpose(1, 2).contiguous().view({B, T, D}));
}
CPP
# The same shape of code written straight against Eigen (one head loop, dense matrices).
cat >"$tmp/with_eigen.cpp" <<'CPP'
#include <cmath>
#include <Eigen/Dense>
using M = Eigen::MatrixXd;
M forward(const M& x, const M& wq, const M& wk, const M& wv, const M& wo, int H, bool causal) {
  const Eigen::Index T = x.rows(), D = x.cols(), dk = D / H;
  const M q = x * wq.transpose(), k = x * wk.transpose(), v = x * wv.transpose();
  M merged(T, D);
  for (int h = 0; h < H; ++h) {
    M scores = q.middleCols(h * dk, dk) * k.middleCols(h * dk, dk).transpose() / std::sqrt(double(dk));
    if (causal)
      for (Eigen::Index i = 0; i < T; ++i)
        for (Eigen::Index j = i + 1; j < T; ++j) scores(i, j) = std::numeric_limits<double>::lowest();
    Eigen::VectorXd mx = scores.rowwise().maxCoeff();
    M e = (scores.colwise() - mx).array().exp().matrix();
    e.array().colwise() /= e.rowwise().sum().array();
    merged.middleCols(h * dk, dk) = e * v.middleCols(h * dk, dk);
  }
  return merged * wo.transpose();
}
CPP

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
time_compile() {  # file, extra flags...
  local f="$1"; shift
  for _ in $(seq "$runs"); do
    local s e
    s=$(date +%s%N)
    g++ -std=c++20 -O2 "$@" -c "$f" -o "$tmp/out.o"
    e=$(date +%s%N)
    echo $(((e - s) / 1000000))
  done | median
}
kt_ms=$(time_compile "$tmp/with_kt.cpp" -I"$root/tensor/include")
eigen_ms=$(time_compile "$tmp/with_eigen.cpp" -I/usr/include/eigen3)
echo "compile -O2, median of $runs: kt/tensor.hpp ${kt_ms} ms, <Eigen/Dense> ${eigen_ms} ms, ratio $(awk "BEGIN {printf \"%.0f%%\", 100 * $kt_ms / $eigen_ms}")"
