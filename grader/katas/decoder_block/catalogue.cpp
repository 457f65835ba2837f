#include "grader/katas/decoder_block/catalogue.hpp"

#include <utility>

#include "grader/katas/decoder_block/mistakes.hpp"

namespace grader::kata_decoder_block {
namespace {

kt::Tensor with(const Case& c, const Steps& steps) { return call_with_steps(c, steps); }

kt::Tensor mlp(const Case& c, const kt::Tensor& x) { return mlp_with_steps(x, c.w, {}); }

/// A block of the case's own making: `attn(x, xn)` the first sublayer's result h, `second(h, hn)`
/// the block's; an mlp case is the MLP alone (these mistakes are in forward only).
kt::Tensor block(const Case& c,
                 const std::function<kt::Tensor(const kt::Tensor&, const kt::Tensor&)>& first,
                 const std::function<kt::Tensor(const kt::Tensor&, const kt::Tensor&)>& second) {
  if (c.mlp_only) return mlp(c, c.x);
  const kt::Tensor xn = given_rms_norm(c.x, c.w.attn_norm);
  const kt::Tensor h = first(c.x, xn);
  return second(h, given_rms_norm(h, c.w.mlp_norm));
}

}  // namespace

std::vector<Entry> catalogue() {
  using Activation = Steps::Activation;
  std::vector<Entry> entries;
  const auto add = entry_adder(entries);
  add("post_norm", "a post-norm block: rms_norm(x + attention(x)), rms_norm(h + mlp(h))",
      "Pre-norm: h = x + attention(rms_norm(x)), out = h + mlp(rms_norm(h)).",
      [](const Case& c) { return with(c, {.post_norm = true}); });
  add("residual_from_normed",
      "the block with h = xn + attention(xn) (the residual from the normed x)",
      "The residual adds to x itself: h = x + attention(xn).",
      [](const Case& c) { return with(c, {.attn_from_normed = true}); });
  add("residual_from_normed", "the block with both residuals from the normed inputs",
      "h = x + attention(xn), out = h + mlp(hn).",
      [](const Case& c) { return with(c, {.attn_from_normed = true, .mlp_from_normed = true}); });
  add("mlp_reads_block_input", "the block with the MLP reading rms_norm(x) (the parallel form)",
      "The MLP reads rms_norm(h, mlp_norm_weight), after attention.",
      [](const Case& c) { return with(c, {.mlp_reads_x = true}); });
  add("silu_on_up_branch", "SwiGLU with silu on w_up(x) (the branches swapped)",
      "w_down(silu(w_gate(x)) * w_up(x)).",
      [](const Case& c) { return with(c, {.activation = Activation::Up}); });
  add("missing_activation", "SwiGLU without silu: w_down(w_gate(x) * w_up(x))",
      "w_down(silu(w_gate(x)) * w_up(x)).",
      [](const Case& c) { return with(c, {.activation = Activation::None}); });
  add("sigmoid_for_silu", "the MLP with sigmoid(w_gate(x)) for silu(w_gate(x))",
      "silu(z) = z * sigmoid(z): kt::silu.", [](const Case& c) {
        const auto glu = [&](const kt::Tensor& x) {
          const kt::Tensor gate = kt::matmul(x, c.w.w_gate.transpose(0, 1));
          const kt::Tensor up = kt::matmul(x, c.w.w_up.transpose(0, 1));
          return kt::matmul(kt::sigmoid(gate) * up, c.w.w_down.transpose(0, 1));
        };
        if (c.mlp_only) return glu(c.x);
        const kt::Tensor h = c.x + given_attention(given_rms_norm(c.x, c.w.attn_norm), c.w);
        return h + glu(given_rms_norm(h, c.w.mlp_norm));
      });
  add("attention_residual_left_out",
      "the block with h = attention(xn): no residual around attention",
      "h = x + attention(rms_norm(x, attn_norm_weight)).", [](const Case& c) {
        return block(
            c, [&](const kt::Tensor&, const kt::Tensor& xn) { return given_attention(xn, c.w); },
            [&](const kt::Tensor& h, const kt::Tensor& hn) { return h + mlp(c, hn); });
      });
  add("mlp_residual_left_out", "the block with out = mlp(hn): no residual around the MLP",
      "out = h + mlp(rms_norm(h, mlp_norm_weight)).", [](const Case& c) {
        return block(
            c,
            [&](const kt::Tensor& x, const kt::Tensor& xn) { return x + given_attention(xn, c.w); },
            [&](const kt::Tensor&, const kt::Tensor& hn) { return mlp(c, hn); });
      });
  add("attention_not_normed", "the block with attention(x): the attention norm left out",
      "Attention reads rms_norm(x, attn_norm_weight).", [](const Case& c) {
        return block(
            c, [&](const kt::Tensor& x, const kt::Tensor&) { return x + given_attention(x, c.w); },
            [&](const kt::Tensor& h, const kt::Tensor& hn) { return h + mlp(c, hn); });
      });
  add("mlp_not_normed", "the block with mlp(h): the MLP's norm left out",
      "The MLP reads rms_norm(h, mlp_norm_weight).", [](const Case& c) {
        return block(
            c,
            [&](const kt::Tensor& x, const kt::Tensor& xn) { return x + given_attention(xn, c.w); },
            [&](const kt::Tensor& h, const kt::Tensor&) { return h + mlp(c, h); });
      });
  add("norm_on_sublayer_output",
      "the block with h = x + rms_norm(attention(x), attn_norm_weight): the attention's output "
      "normed, not its input",
      "Pre-norm normalises what a sublayer reads and adds its output as it is: h = x + "
      "attention(rms_norm(x, attn_norm_weight)).",
      [](const Case& c) {
        return block(
            c,
            [&](const kt::Tensor& x, const kt::Tensor&) {
              return x + given_rms_norm(given_attention(x, c.w), c.w.attn_norm);
            },
            [&](const kt::Tensor& h, const kt::Tensor& hn) { return h + mlp(c, hn); });
      });
  add("norm_on_sublayer_output",
      "the block with each sublayer's output normed, not its input: h = x + "
      "rms_norm(attention(x)), out = h + rms_norm(mlp(h))",
      "Pre-norm normalises what a sublayer reads and adds its output as it is: h = x + "
      "attention(rms_norm(x, attn_norm_weight)), out = h + mlp(rms_norm(h, mlp_norm_weight)).",
      [](const Case& c) {
        return block(
            c,
            [&](const kt::Tensor& x, const kt::Tensor&) {
              return x + given_rms_norm(given_attention(x, c.w), c.w.attn_norm);
            },
            [&](const kt::Tensor& h, const kt::Tensor&) {
              return h + given_rms_norm(mlp(c, h), c.w.mlp_norm);
            });
      });
  // The sublayers in the other order (round 51's blind file): each with its own norm weight, or
  // with the weights kept in their places.
  add("sublayers_swapped",
      "the block with the MLP first, then attention: h = x + mlp(rms_norm(x, mlp_norm_weight)), "
      "out = h + attention(rms_norm(h, attn_norm_weight))",
      "Attention comes first: h = x + attention(rms_norm(x, attn_norm_weight)), then out = h + "
      "mlp(rms_norm(h, mlp_norm_weight)).",
      [](const Case& c) {
        if (c.mlp_only) return mlp(c, c.x);
        const kt::Tensor h = c.x + mlp(c, given_rms_norm(c.x, c.w.mlp_norm));
        return h + given_attention(given_rms_norm(h, c.w.attn_norm), c.w);
      });
  add("sublayers_swapped",
      "the block with the MLP first, then attention: h = x + mlp(rms_norm(x, attn_norm_weight)), "
      "out = h + attention(rms_norm(h, mlp_norm_weight))",
      "Attention comes first: h = x + attention(rms_norm(x, attn_norm_weight)), then out = h + "
      "mlp(rms_norm(h, mlp_norm_weight)).",
      [](const Case& c) {
        if (c.mlp_only) return mlp(c, c.x);
        const kt::Tensor h = c.x + mlp(c, given_rms_norm(c.x, c.w.attn_norm));
        return h + given_attention(given_rms_norm(h, c.w.mlp_norm), c.w);
      });
  add("norm_weights_swapped", "the block with attn_norm_weight and mlp_norm_weight swapped",
      "rms_norm(x, attn_norm_weight) before attention, rms_norm(h, mlp_norm_weight) before the "
      "MLP.",
      [](const Case& c) {
        Case swapped = c;
        std::swap(swapped.w.attn_norm, swapped.w.mlp_norm);
        return with(swapped, {});
      });
  add("norm_weights_plus_one",
      "the block with both norms scaled by 1 + weight (Gemma's RMSNorm), not by the weight",
      "rms_norm(x, attn_norm_weight) and rms_norm(h, mlp_norm_weight): LLaMA's norm multiplies "
      "by the weight itself.",
      [](const Case& c) {
        Case plus_one = c;
        plus_one.w.attn_norm = c.w.attn_norm + 1.0;
        plus_one.w.mlp_norm = c.w.mlp_norm + 1.0;
        return with(plus_one, {});
      });
  add("norm_weights_left_out",
      "the block with both norms left unscaled (rms_norm with a weight of ones)",
      "rms_norm(x, attn_norm_weight) and rms_norm(h, mlp_norm_weight): each norm multiplies by "
      "its own weight, which the grader sets to random values.",
      [](const Case& c) {
        Case ones = c;
        ones.w.attn_norm = kt::ones_like(c.w.attn_norm);
        ones.w.mlp_norm = kt::ones_like(c.w.mlp_norm);
        return with(ones, {});
      });
  add("norm_weights_applied_twice",
      "the block with each norm's weight multiplied in twice (rms_norm(x, w) * w)",
      "rms_norm(x, attn_norm_weight) already multiplies by the weight: use its result as it is.",
      [](const Case& c) {
        Case squared = c;
        squared.w.attn_norm = c.w.attn_norm * c.w.attn_norm;
        squared.w.mlp_norm = c.w.mlp_norm * c.w.mlp_norm;
        return with(squared, {});
      });
  return entries;
}

std::vector<Case> discriminating_cases() {
  kt::Generator gen(20261205);
  const auto make = [&](kt::Shape shape, int64_t heads, int64_t ff, bool mlp_only) {
    const int64_t d = shape.back();
    Case c;
    c.w.num_heads = heads;
    c.w.wq = kt::randn({d, d}, gen) * 0.5;
    c.w.wk = kt::randn({d, d}, gen) * 0.5;
    c.w.wv = kt::randn({d, d}, gen) * 0.5;
    c.w.wo = kt::randn({d, d}, gen) * 0.5;
    c.w.w_gate = kt::randn({ff, d}, gen) * 0.5;
    c.w.w_up = kt::randn({ff, d}, gen) * 0.5;
    c.w.w_down = kt::randn({d, ff}, gen) * 0.5;
    c.w.attn_norm = kt::randn({d}, gen) + 1.0;
    c.w.mlp_norm = kt::randn({d}, gen) + 1.0;
    c.x = kt::randn(shape, gen);
    c.mlp_only = mlp_only;
    return c;
  };
  return {make({2, 3, 4}, 2, 5, false), make({1, 4, 3}, 1, 3, false), make({2, 2, 4}, 1, 3, true)};
}

std::vector<Step> expected_steps(const Case& c) {
  const ref::DecoderWeights& w = c.w;
  std::vector<Step> steps;
  const auto add = [&](std::string name, const kt::Tensor& value, std::vector<size_t> from) {
    steps.push_back({std::move(name), value, -1, std::move(from)});
    return steps.size() - 1;
  };
  const auto mlp_steps = [&](const kt::Tensor& in, const std::string& of,
                             std::vector<size_t> from) {
    const kt::Tensor gate = kt::matmul(in, w.w_gate.transpose(0, 1));
    const kt::Tensor up = kt::matmul(in, w.w_up.transpose(0, 1));
    const size_t g = add("w_gate(" + of + ")", gate, from);
    const size_t s = add("silu(w_gate(" + of + "))", kt::silu(gate), {g});
    const size_t u = add("w_up(" + of + ")", up, from);
    const size_t p =
        add("silu(w_gate(" + of + ")) * w_up(" + of + ")", kt::silu(gate) * up, {s, u});
    const kt::Tensor down = kt::matmul(kt::silu(gate) * up, w.w_down.transpose(0, 1));
    return std::make_pair(add("mlp(" + of + ") = w_down(that)", down, {p}), down);
  };
  if (c.mlp_only) {
    mlp_steps(c.x, "x", {});
    return steps;
  }
  const kt::Tensor xn = given_rms_norm(c.x, w.attn_norm);
  const size_t s_xn = add("xn = rms_norm(x, attn_norm_weight)", xn, {});
  const kt::Tensor a = given_attention(xn, w);
  const size_t s_a = add("attention(xn)", a, {s_xn});
  const kt::Tensor h = c.x + a;
  const size_t s_h = add("h = x + attention(xn)", h, {s_a});
  const kt::Tensor hn = given_rms_norm(h, w.mlp_norm);
  const size_t s_hn = add("hn = rms_norm(h, mlp_norm_weight)", hn, {s_h});
  const auto [s_m, m] = mlp_steps(hn, "hn", {s_hn});
  add("out = h + mlp(hn)", h + m, {s_h, s_m});
  return steps;
}

void diagnose_after_shrinking(Failure& f, const Case& failing) {
  grader::diagnose_after_shrinking<Case>(f, failing, [] {
    Diagnosis<Case> d = diagnosis_over(catalogue());
    d.discriminating_cases = discriminating_cases;
    d.learner = [](const Case& c) { return run_learner(c).out; };
    d.reference = run_reference;
    d.wrong = [](const Case&, const kt::Tensor& got, const kt::Tensor& expected) {
      return !matches(got, expected);
    };
    d.steps = expected_steps;
    d.case_text = [](const Case& c) {
      return "the case " + std::string(c.mlp_only ? "block.mlp(x)" : "block.forward(x)") +
             ", x shape = " + kt::shape_str(c.x.sizes()) +
             ", num_heads = " + std::to_string(c.w.num_heads) +
             ", d_ff = " + std::to_string(c.d_ff());
    };
    return d;
  });
}

}  // namespace grader::kata_decoder_block
