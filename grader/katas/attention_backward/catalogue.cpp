#include "grader/katas/attention_backward/catalogue.hpp"

#include <cmath>
#include <utility>

#include "grader/katas/attention_backward/mistakes.hpp"

namespace grader::kata_attention_backward {
namespace {

/// How the softmax's backward is taken: dS = P ∘ (dP − rowsum(P ∘ dP)) when right.
enum class RowSum {
  Right,
  OfDp,         // P ∘ (dP − rowsum(dP)): the row sum of dP, not of P ∘ dP
  OverQueries,  // the sum of P ∘ dP over the queries (dim -2)
  NoKeepdim,    // the row sums (…, T) without keepdim: query i's subtracted from column i
  Added,        // P ∘ (dP + rowsum(P ∘ dP))
  WithoutP,     // dP − rowsum(P ∘ dP): the leading P ∘ left out
};

/// The catalogue's mistakes that mistakes.hpp (the detectors' simulation) does not make.
struct Slips {
  bool softmax_over_queries = false;   // P = softmax(S, -2)
  bool weights_unscaled = false;       // P = softmax(q kᵀ): the 1/√d left out of P alone
  bool hides_diagonal = false;         // the causal mask tril(ones, -1): no query sees its own key
  bool mask_fills_zero = false;        // the hidden scores set to 0, not to finfo.min
  bool dv_not_transposed = false;      // dv = P dout
  bool dv_from_masked_scores = false;  // dv = Sᵀ dout, S masked with finfo.min
  bool dp_transposed = false;          // dP = v doutᵀ
  RowSum rowsum = RowSum::Right;
  bool dq_transposed = false;  // dq = dSᵀ k / √d
  bool dq_from_q = false;      // dq = dS q / √d: the queries where the keys belong
  bool dk_from_k = false;      // dk = dSᵀ k / √d: the keys where the queries belong
  bool scaled_twice = false;   // dq and dk times 1/√d twice (1/d)
  bool swapped = false;        // dk returned as dq and dq as dk
};

/// The backward pass written as a learner writes it (the worked solution's ops) with the slips.
Grads backward(const Case& c, const Slips& m) {
  const int64_t T = c.T();
  const double scale = 1.0 / std::sqrt(double(c.d()));
  kt::Tensor s = kt::matmul(c.q, c.k.transpose(-2, -1)) * (m.weights_unscaled ? 1.0 : scale);
  if (c.causal) {
    const kt::Tensor allowed = kt::tril(kt::ones({T, T}, kt::Bool), m.hides_diagonal ? -1 : 0);
    s = s.masked_fill(~allowed, m.mask_fills_zero ? 0.0 : kt::finfo(kt::Float64).min);
  }
  const kt::Tensor p = kt::softmax(s, m.softmax_over_queries ? -2 : -1);
  const kt::Tensor dv_from = m.dv_from_masked_scores ? s : p;
  const kt::Tensor dv =
      kt::matmul(m.dv_not_transposed ? dv_from : dv_from.transpose(-2, -1), c.dout);
  const kt::Tensor dp = m.dp_transposed ? kt::matmul(c.v, c.dout.transpose(-2, -1))
                                        : kt::matmul(c.dout, c.v.transpose(-2, -1));
  kt::Tensor ds;
  switch (m.rowsum) {
    case RowSum::Right:
      ds = p * (dp - kt::sum(p * dp, -1, /*keepdim=*/true));
      break;
    case RowSum::OfDp:
      ds = p * (dp - kt::sum(dp, -1, /*keepdim=*/true));
      break;
    case RowSum::OverQueries:
      ds = p * (dp - kt::sum(p * dp, -2, /*keepdim=*/true));
      break;
    case RowSum::NoKeepdim:
      ds = p * (dp - kt::sum(p * dp, -1));
      break;
    case RowSum::Added:
      ds = p * (dp + kt::sum(p * dp, -1, /*keepdim=*/true));
      break;
    case RowSum::WithoutP:
      ds = dp - kt::sum(p * dp, -1, /*keepdim=*/true);
      break;
  }
  kt::Tensor dq =
      kt::matmul(m.dq_transposed ? ds.transpose(-2, -1) : ds, m.dq_from_q ? c.q : c.k) * scale;
  kt::Tensor dk = kt::matmul(ds.transpose(-2, -1), m.dk_from_k ? c.k : c.q) * scale;
  if (m.scaled_twice) {
    dq = dq * scale;
    dk = dk * scale;
  }
  if (m.swapped) std::swap(dq, dk);
  return {dq, dk, dv};
}

}  // namespace

kt::Tensor flattened(const Grads& g) {
  return kt::cat({g.dq.to(kt::Float64).reshape({-1}), g.dk.to(kt::Float64).reshape({-1}),
                  g.dv.to(kt::Float64).reshape({-1})},
                 0);
}

std::vector<BackwardEntry> catalogue() {
  std::vector<BackwardEntry> entries;
  const auto pitfall = [&](const char* id, const char* what, const char* fix, Mistakes m) {
    entries.push_back({{id, what, fix}, [m](const Case& c) { return simulate(c, m); }});
  };
  const auto slip = [&](const char* id, const char* what, const char* fix, Slips m) {
    entries.push_back({{id, what, fix}, [m](const Case& c) { return backward(c, m); }});
  };
  // The weights P.
  slip("softmax_over_queries",
       "the gradients of a backward pass whose weights P are the softmax over the queries (dim "
       "-2), not over the keys",
       "Recompute P exactly as the forward does: softmax(S, -1), each query's weights summing to "
       "1 over the keys.",
       {.softmax_over_queries = true});
  slip("weights_unscaled",
       "the gradients of a backward pass whose weights P are recomputed from q kᵀ without the "
       "1/√d (the gradients' own 1/√d kept)",
       "Recompute P exactly as the forward does: softmax(q kᵀ / √d, -1).",
       {.weights_unscaled = true});
  slip("causal_mask_hides_diagonal",
       "the gradients of a backward pass whose causal mask hides each query's own key too "
       "(tril(ones, -1))",
       "Query i sees keys 0..i, itself included: mask where tril(ones({T, T})) (diagonal 0) is "
       "false.",
       {.hides_diagonal = true});
  slip("causal_mask_fills_zero",
       "the gradients of attention whose causal mask sets the hidden scores to 0 (not to the "
       "lowest value): the future keys keep a weight of exp(0 - the row's max) / the row's sum",
       "masked_fill the hidden scores with kt::finfo(dtype).min (or -inf), forward and backward: "
       "a score of 0 is an ordinary score, and its key still gets weight.",
       {.mask_fills_zero = true});
  pitfall("mask_grad_leak",
          "the gradients of a backward pass that recomputes P without the causal mask",
          "Mask the scores before the softmax in the backward pass too: masked weights are then 0 "
          "and pass no gradient to dv, dS, dq or dk.",
          {.leak = Leak::Everywhere});
  pitfall("mask_grad_leak",
          "the right dq and dk, with dv = Pᵀ dout taken from weights P computed without the "
          "causal mask",
          "Take dv from the masked weights, the same P the forward uses.", {.leak = Leak::DvOnly});
  // dv.
  pitfall("dv_uses_scores", "the right dq and dk, with dv = Sᵀ dout from the scores S = q kᵀ / √d",
          "dv = Pᵀ dout, from the weights P = softmax(S): out = P v.", {.dv = DvFrom::Scores});
  pitfall("dv_uses_scores", "the right dq and dk, with dv = (q kᵀ)ᵀ dout from the raw scores",
          "dv = Pᵀ dout, from the weights P = softmax(q kᵀ / √d): out = P v.",
          {.dv = DvFrom::RawScores});
  slip("dv_uses_scores",
       "the right dq and dk, with dv = Sᵀ dout from the masked scores S (finfo.min where masked)",
       "dv = Pᵀ dout, from the weights P = softmax(S): out = P v.",
       {.dv_from_masked_scores = true});
  slip("dv_weights_not_transposed", "the right dq and dk, with dv = P dout (P not transposed)",
       "out = P v gives dv = Pᵀ dout: row j of dv belongs to value j, column j of P.",
       {.dv_not_transposed = true});
  // dP.
  slip("dp_transposed", "the gradients of a backward pass with dP = v doutᵀ instead of dout vᵀ",
       "out = P v gives dP = dout vᵀ: entry (i, j) is dout_i · v_j.", {.dp_transposed = true});
  // The softmax's backward.
  pitfall("softmax_backward_no_rowsum",
          "the gradients with dS = P ∘ dP: the softmax's backward without its row sum",
          "dS = P ∘ (dP − rowsum(P ∘ dP)), the row sum over the keys with keepdim.",
          {.no_rowsum = true});
  slip("rowsum_of_dp",
       "the gradients with dS = P ∘ (dP − rowsum(dP)): the row sum of dP instead of P ∘ dP",
       "Subtract the row sum of P ∘ dP (each weight times its gradient): "
       "kt::sum(p * dp, -1, /*keepdim=*/true).",
       {.rowsum = RowSum::OfDp});
  slip("rowsum_over_queries",
       "the gradients with the sum of P ∘ dP taken over the queries (dim -2) instead of the keys",
       "Sum along the keys, the softmax's axis: kt::sum(p * dp, -1, /*keepdim=*/true).",
       {.rowsum = RowSum::OverQueries});
  slip("rowsum_without_keepdim",
       "the gradients with the row sums of P ∘ dP taken without keepdim, so query i's sum is "
       "subtracted from column i",
       "kt::sum(p * dp, -1, /*keepdim=*/true): (…, T, 1) broadcasts along each row.",
       {.rowsum = RowSum::NoKeepdim});
  slip("rowsum_added", "the gradients with dS = P ∘ (dP + rowsum(P ∘ dP)): the row sum added",
       "The softmax's Jacobian is diag(p) − p pᵀ: subtract the row sum.",
       {.rowsum = RowSum::Added});
  slip("ds_without_weights",
       "the gradients with dS = dP − rowsum(P ∘ dP), the leading P ∘ left out",
       "dS = P ∘ (dP − rowsum(P ∘ dP)): every term of the softmax's Jacobian carries p_ij.",
       {.rowsum = RowSum::WithoutP});
  // dq and dk.
  pitfall("grad_missing_scale", "the right dk and dv, with dq = dS k (no 1/√d)",
          "dq = dS k / √d: the forward's scores are q kᵀ / √d.", {.scale = Scale::DqMissing});
  pitfall("grad_missing_scale", "the right dq and dv, with dk = dSᵀ q (no 1/√d)",
          "dk = dSᵀ q / √d: the forward's scores are q kᵀ / √d.", {.scale = Scale::DkMissing});
  pitfall("grad_missing_scale", "the right dv, with dq = dS k and dk = dSᵀ q (no 1/√d in either)",
          "Multiply dq and dk by 1/√d, the forward's scale.", {.scale = Scale::BothMissing});
  slip("grad_scaled_twice", "the right dv, with dq and dk divided by d instead of √d",
       "Apply the forward's 1/√d once.", {.scaled_twice = true});
  pitfall(
      "dk_from_transposed_wrong", "the right dq and dv, with dk = dS q / √d (dS not transposed)",
      "dk = dSᵀ q / √d: row j of dk belongs to key j, column j of dS.", {.dk_transposed = true});
  slip("dq_from_transposed", "the right dk and dv, with dq = dSᵀ k / √d (dS transposed)",
       "dq = dS k / √d: row i of dq belongs to query i, row i of dS.", {.dq_transposed = true});
  slip("dq_from_queries", "the right dk and dv, with dq = dS q / √d (the queries, not the keys)",
       "dq = dS k / √d: S = q kᵀ / √d, so S's gradient reaches q through k.", {.dq_from_q = true});
  slip("dk_from_keys", "the right dq and dv, with dk = dSᵀ k / √d (the keys, not the queries)",
       "dk = dSᵀ q / √d: S = q kᵀ / √d, so S's gradient reaches k through q.", {.dk_from_k = true});
  slip("dq_dk_swapped",
       "the right gradients with dq and dk swapped: dk returned as dq and dq as dk",
       "Return {dq, dk, dv} in AttentionGrads' order: dq = dS k / √d, dk = dSᵀ q / √d.",
       {.swapped = true});
  return entries;
}

std::vector<Case> discriminating_cases() {
  // T != d everywhere (a transposition changes the values, not the shape); the leading axis of 3
  // with T = 3 is one where sums without keepdim, (3, 3), still broadcast against (3, 3, 3).
  return {fixed_case({}, 4, 3, /*causal=*/false, 20261201),
          fixed_case({}, 5, 2, /*causal=*/true, 20261202),
          fixed_case({3}, 3, 2, /*causal=*/true, 20261203)};
}

std::vector<Step> expected_steps(const Case& c) {
  const int64_t T = c.T();
  const double scale = 1.0 / std::sqrt(double(c.d()));
  std::vector<Step> steps;
  const auto add = [&](std::string name, const kt::Tensor& value, std::vector<size_t> from) {
    steps.push_back({std::move(name), value.contiguous(), -1, std::move(from)});
    return steps.size() - 1;
  };
  kt::Tensor s = kt::matmul(c.q, c.k.transpose(-2, -1)) * scale;
  if (c.causal)
    s = s.masked_fill(~kt::tril(kt::ones({T, T}, kt::Bool)), kt::finfo(kt::Float64).min);
  const kt::Tensor p = kt::softmax(s, -1);
  const size_t p0 = add(c.causal ? "P = softmax(q kᵀ / √d, causal mask) over the keys"
                                 : "P = softmax(q kᵀ / √d) over the keys",
                        p, {});
  steps[p0].attention_weights = true;
  add("dv = Pᵀ dout", kt::matmul(p.transpose(-2, -1), c.dout), {p0});
  const kt::Tensor dp = kt::matmul(c.dout, c.v.transpose(-2, -1));
  const size_t dp0 = add("dP = dout vᵀ", dp, {});
  const kt::Tensor rowsum = kt::sum(p * dp, -1, /*keepdim=*/true);
  const size_t r0 = add("rowsum(P ∘ dP) over the keys", rowsum, {p0, dp0});
  const kt::Tensor ds = p * (dp - rowsum);
  const size_t ds0 = add("dS = P ∘ (dP − rowsum)", ds, {p0, dp0, r0});
  add("dk = dSᵀ q / √d", kt::matmul(ds.transpose(-2, -1), c.q) * scale, {ds0});
  // Last: dq, what `traced` returns. Not the concatenation of the three: the learner's ops never
  // concatenate, so only the grader's own cat could reach such a step.
  add("dq = dS k / √d", kt::matmul(ds, c.k) * scale, {ds0});
  return steps;
}

std::string case_text(const Case& c) {
  kt::Shape leading = c.q.sizes();
  leading.resize(leading.size() - 2);
  return "the case T = " + std::to_string(c.T()) + ", d = " + std::to_string(c.d()) +
         (leading.empty() ? "" : ", leading axes " + kt::shape_str(leading)) +
         (c.causal ? ", causal" : ", not causal");
}

void diagnose_after_shrinking(Failure& f, const Case& failing) {
  grader::diagnose_after_shrinking<Case>(f, failing, [] {
    Diagnosis<Case> d = diagnosis_over<Case>(
        catalogue(),
        [](const BackwardEntry& e, const Case& c) { return flattened(e.computes(c)); });
    d.discriminating_cases = discriminating_cases;
    // The learner's three gradients as the one tensor compared (flattened: dq, dk, dv in that
    // order); undefined when the call threw or a gradient is undefined or of another shape.
    d.learner = [](const Case& c) {
      const Called called = run_learner(c);
      if (!called.run.ok()) return kt::Tensor();
      for (int w = 0; w < 3; ++w)
        if (!called.grads[w].defined() || called.grads[w].sizes() != c.q.sizes())
          return kt::Tensor();
      return flattened(called.grads);
    };
    d.reference = [](const Case& c) { return flattened(run_reference(c)); };
    d.steps = expected_steps;
    d.case_text = case_text;
    // The journey follows dq, the last step (expected_steps): the learner's dq as returned.
    d.traced = [](const Case& c) {
      const Called called = run_learner(c);
      return called.run.ok() ? called.grads.dq : kt::Tensor();
    };
    // The leading axes (…) are any (cases.hpp's "leading axis 0", "leading axis 1"): named by
    // position, as the sdpa kata names its own.
    d.map_axes = {"index along leading axis 0", "index along leading axis 1"};
    return d;
  });
}

}  // namespace grader::kata_attention_backward
