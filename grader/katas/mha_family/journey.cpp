#include "grader/katas/mha_family/journey.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "grader/lib/attention_map.hpp"

namespace grader::mha {
std::vector<Step> expected_steps(const Case& c) {
  const kt::Tensor x = c.x.to(kt::Float64);
  const int64_t B = c.B, T = c.T, H = c.H, Hkv = c.Hkv, dk = c.dk, group = H / Hkv;
  // A step equal to its only input is that input (Steps::add).
  Steps steps;
  const kt::Tensor q = linear(x, c.w.wq, c.w.bq), k = linear(x, c.w.wk, c.w.bk),
                   v = linear(x, c.w.wv, c.w.bv);
  const bool modules = kata_call().linear_modules;
  const size_t q0 = steps.add(modules ? "q = q_proj(x)" : "q = x @ Wq", q, -1, {});
  const size_t k0 = steps.add(modules ? "k = k_proj(x)" : "k = x @ Wk", k, -1, {});
  const size_t v0 = steps.add(modules ? "v = v_proj(x)" : "v = x @ Wv", v, -1, {});
  const auto split = [&](const kt::Tensor& t, int64_t heads) {
    return t.view({B, T, heads, dk}).transpose(1, 2);
  };
  const kt::Tensor qh = split(q, H);
  kt::Tensor kh = split(k, Hkv), vh = split(v, Hkv);
  const size_t q1 = steps.add("q split into heads", qh, 1, {q0}, true);
  size_t k1 = steps.add("k split into heads", kh, 1, {k0}, true);
  size_t v1 = steps.add("v split into heads", vh, 1, {v0}, true);
  if (group > 1) {
    kh = kt::repeat_interleave(kh, group, 1);
    vh = kt::repeat_interleave(vh, group, 1);
    k1 = steps.add("k heads repeated per group", kh, 1, {k1}, true);
    v1 = steps.add("v heads repeated per group", vh, 1, {v1}, true);
  }
  const kt::Tensor scores = kt::matmul(qh, kh.transpose(-2, -1));
  const size_t s0 = steps.add("scores = q kᵀ", scores, 1, {q1, k1});
  const kt::Tensor scaled = scores / std::sqrt(double(dk));
  const size_t s1 = steps.add("scores / sqrt(d_head)", scaled, 1, {s0});
  kt::Tensor allowed = kt::ones({T, T}, kt::Bool);
  if (c.causal) allowed = kt::tril(allowed);
  if (c.mask.defined()) allowed = allowed & c.mask;
  const kt::Tensor masked = scaled.masked_fill(~allowed, kt::finfo(kt::Float64).min);
  const size_t s2 = steps.add("masked scores (finfo.min where masked)", masked, 1, {s1});
  const kt::Tensor weights = kt::softmax(masked, -1);
  const size_t w0 = steps.add("weights = softmax over the keys (dim 3)", weights, 1, {s2});
  steps.list[w0].attention_weights = true;
  const kt::Tensor attended = kt::matmul(weights, vh);
  const size_t a0 = steps.add("weights @ v", attended, 1, {w0, v1});
  const kt::Tensor merged = attended.transpose(1, 2).contiguous().view({B, T, H * dk});
  const size_t m0 = steps.add("heads merged to (B, T, d_model)", merged, -1, {a0}, true);
  steps.add(modules ? "out = out_proj(merged)" : "out = merged @ Wo",
            linear(merged, c.w.wo, c.w.bo), -1, {m0});
  return steps.list;
}

namespace {

/// "the case B = 1, T = 2, num_heads = 2, d_head = 1, forward(x, mask), mask shape [1, 2, 2]".
std::string case_text(const Case& c) {
  std::string on = "the case B = " + std::to_string(c.B) + ", T = " + std::to_string(c.T) +
                   ", num_heads = " + std::to_string(c.H);
  if (kata_call().grouped) on += ", num_kv_heads = " + std::to_string(c.Hkv);
  on += ", d_head = " + std::to_string(c.dk) + ", " + kata_call().call_text(c);
  // The mask's shape: readers of a mask that threw asked for it (docs/feedback.md, round 16).
  if (c.mask.defined()) on += ", mask shape " + kt::shape_str(c.mask.sizes());
  return on;
}

}  // namespace

Journey journey(const Case& c) {
  return journey_of_run(
      expected_steps(c), [&] { return run_learner(c); }, case_text(c));
}

AttentionMap attention_map(const Case& c) {
  return map_of_call(expected_steps(c),
                     [&] {
                       const Run run = run_learner(c);
                       return run.ok() ? run.out : kt::Tensor();
                     },
                     {"batch entry", "head"});
}

}  // namespace grader::mha
