#include "grader/katas/decoder_block/cases.hpp"

#include <rapidcheck.h>

#include "grader/katas/decoder_block/catalogue.hpp"
#include "grader/lib/remote.hpp"

namespace grader::kata_decoder_block {
namespace {

ref::DecoderWeights draw_weights(kt::Generator& gen, int64_t heads, int64_t d, int64_t ff) {
  ref::DecoderWeights w;
  w.num_heads = heads;
  const auto linear = [&](int64_t out, int64_t in) { return kt::randn({out, in}, gen) * 0.5; };
  w.wq = linear(d, d);
  w.wk = linear(d, d);
  w.wv = linear(d, d);
  w.wo = linear(d, d);
  w.w_gate = linear(ff, d);
  w.w_up = linear(ff, d);
  w.w_down = linear(d, ff);
  w.attn_norm = kt::randn({d}, gen) + 1.0;
  w.mlp_norm = kt::randn({d}, gen) + 1.0;
  return w;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> Case::describe() const {
  std::vector<std::pair<std::string, std::string>> out = {
      {"call", mlp_only ? "block.mlp(x)" : "block.forward(x)"},
      {"x shape", kt::shape_str(x.sizes())},
      {"d_model, num_heads, d_ff", std::to_string(d_model()) + ", " + std::to_string(w.num_heads) +
                                       ", " + std::to_string(d_ff())},
      {"x", values_text(x)},
      {"w_gate.weight", values_text(w.w_gate)},
      {"w_up.weight", values_text(w.w_up)},
      {"w_down.weight", values_text(w.w_down)}};
  if (!mlp_only) {
    out.emplace_back("attn_norm_weight", values_text(w.attn_norm));
    out.emplace_back("mlp_norm_weight", values_text(w.mlp_norm));
    out.emplace_back("q_proj, k_proj, v_proj, o_proj", "random (0.5 * randn), not shown");
  }
  return out;
}

Case generate_forward(bool detector) {
  const int64_t low = detector ? 2 : 1;
  const auto b = *rc::gen::inRange<int64_t>(1, 3).as("B");
  const auto t = *rc::gen::inRange<int64_t>(low, 6).as("T");
  const auto heads = *rc::gen::inRange<int64_t>(1, 3).as("num_heads");
  const auto dh = *rc::gen::inRange<int64_t>(low, 4).as("d_head");
  const auto ff = *rc::gen::inRange<int64_t>(low, 7).as("d_ff");
  const auto seed = *rc::gen::inRange<uint64_t>(0, 1000000).as("seed of the values");
  kt::Generator gen(seed);
  Case c;
  c.w = draw_weights(gen, heads, heads * dh, ff);
  c.x = kt::randn({b, t, heads * dh}, gen);
  return c;
}

Case generate_mlp(bool detector) {
  const int64_t low = detector ? 2 : 1;
  // A detector's x is (B, T, d_model), as forward gives it: an mlp that handles that alone is
  // still checked for its activation.
  const auto rank = detector ? 3 : *rc::gen::inRange(1, 4).as("rank of x");
  const auto d = *rc::gen::inRange<int64_t>(low, 7).as("d_model");
  const auto ff = *rc::gen::inRange<int64_t>(low, 7).as("d_ff");
  kt::Shape shape;
  for (int a = 0; a + 1 < rank; ++a)
    shape.push_back(*rc::gen::inRange<int64_t>(1, 4).as("size of axis " + std::to_string(a)));
  shape.push_back(d);
  const auto seed = *rc::gen::inRange<uint64_t>(0, 1000000).as("seed of the values");
  kt::Generator gen(seed);
  Case c;
  c.w = draw_weights(gen, 1, d, ff);
  c.x = kt::randn(shape, gen) * 2.0;
  c.mlp_only = true;
  return c;
}

Outcome run_block_property(uint64_t seed, int cases,
                           const std::function<std::optional<Failure>()>& body) {
  return run_property(seed, cases, body,
                      {"B", "T", "num_heads", "d_head", "d_ff", "rank of x", "d_model",
                       "size of axis 0", "size of axis 1", "seed of the values"});
}

Called call_learner_on(const Case& c) {
  announce_case(c.describe());
  wire::Writer args;
  args.tensors({c.x, c.w.wq, c.w.wk, c.w.wv, c.w.wo, c.w.w_gate, c.w.w_up, c.w.w_down,
                c.w.attn_norm, c.w.mlp_norm});
  args.i64(c.w.num_heads);
  args.boolean(c.mlp_only);
  Called called;
  remote::call("decoder_block", args, [&](wire::Reader& r) {
    called.run = r.run();
    if (r.boolean()) called.changed.emplace_back("x");
  });
  return called;
}

Run run_learner(const Case& c) { return call_learner_on(c).run; }

kt::Tensor run_reference(const Case& c) {
  return c.mlp_only ? ref::swiglu(c.x, c.w) : ref::decoder_block(c.x, c.w);
}

bool matches(const kt::Tensor& got, const kt::Tensor& expected) {
  if (!got.defined() || got.sizes() != expected.sizes()) return false;
  const double scale = expected.numel() == 0 ? 0.0 : kt::amax(kt::abs(expected)).item();
  return close(got, expected, 1e-9, 1e-11 * (1.0 + scale));
}

Failure failure(const Case& c, const kt::Tensor& got, const kt::Tensor& expected,
                std::string message) {
  Failure f;
  f.message = std::move(message);
  f.counterexample = c.describe();
  show_worst_row(got, expected, f, "out");
  return f;
}

bool shape_ok(const Case& c, const Run& run) {
  return run.ok() && run.out.sizes() == c.x.sizes() && run.out.dtype() == kt::Float64;
}

Failure failure_from_run(const Case& c, const Run& run) {
  const std::string call = c.mlp_only ? "block.mlp(x)" : "block.forward(x)";
  if (!run.ok()) {
    Failure f = failure_from_throw(run, call);
    f.counterexample = c.describe();
    if (run.threw_error()) diagnose_after_shrinking(f, c);
    return f;
  }
  Failure f;
  f.counterexample = c.describe();
  if (run.out.sizes() != c.x.sizes()) {
    f.message = call + " returned shape " + kt::shape_str(run.out.sizes()) +
                "; it keeps x's shape " + kt::shape_str(c.x.sizes()) + ".";
    f.wrong = Wrong::Shape;
    diagnose_after_shrinking(f, c);
  } else {
    f.message = call + " returned " + std::string(kt::dtype_name(run.out.dtype())) +
                "; it returns Float64, x's dtype.";
    f.wrong = Wrong::Dtype;
  }
  return f;
}

std::optional<Failure> compare(const Case& c, const Run& run, const std::string& why) {
  if (!shape_ok(c, run)) return failure_from_run(c, run);
  const kt::Tensor expected = run_reference(c);
  if (matches(run.out, expected)) return std::nullopt;
  Failure f = failure(c, run.out, expected,
                      "the result differs from the reference (rtol 1e-9, atol 1e-11 * (1 + the "
                      "largest |value|))." +
                          why);
  diagnose_after_shrinking(f, c);
  return f;
}

}  // namespace grader::kata_decoder_block
