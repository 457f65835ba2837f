#include "grader/katas/mha_train/cases.hpp"

#include <rapidcheck.h>

#include <algorithm>
#include <cmath>
#include <sstream>

#include "grader/lib/projections.hpp"
#include "grader/lib/remote.hpp"
#include "grader/lib/words.hpp"

namespace grader::kata_mha_train {

// Note [weights seen through the output]
// Dropout is random, so no reference gives the training output; but with the right weights the
// output shows the dropped attention weights themselves. One head, T tokens, d_model = 2T:
// token j's input is e_j, v_proj maps it to (e_j, e_j) (the value of key j is a one in column j
// of each half), out_proj is the identity plus a bias c on every feature, the other biases are 0,
// and q_proj, k_proj are random. Then output row i is (w_i, w_i) + c, where w_i is query i's row
// of attention weights after dropout: both halves carry the same dropped weights. The checks read
// them off and compare them with the weights without dropout (the reference's output, minus c):
// each must be 0 or w / (1 - p). Dropout applied after the weights met the values (on the heads'
// outputs or on the module's output) drops the two halves independently, which no correct
// solution can do. With H heads, d_head = 2T and d_model = 2TH: v_proj gives every head the same
// values (e_j, e_j), so head h's 2T features of output row i carry head h's dropped weights of
// query i twice, and the weights of every batch entry, head, query and key can be read off at once
// (Note [independent dropout]).

namespace {}  // namespace

std::vector<std::pair<std::string, std::string>> Case::describe() const {
  std::vector<std::pair<std::string, std::string>> d = {
      {"B, T, num_heads, d_head", std::to_string(B) + ", " + std::to_string(T) + ", " +
                                      std::to_string(H) + ", " + std::to_string(d_head)},
      {"dropout_p", number_text(p)},
      {"mode", training ? "training (train())" : "evaluation (eval())"},
      {"causal", causal ? "true" : "false"},
      {"generator seed", std::to_string(gen_seed)}};
  if (revealing && H == 1) {
    d.push_back({"projections",
                 "one head; v_proj maps token j to (e_j, e_j), out_proj is the identity "
                 "plus a bias of 0.25: output row i is (w_i, w_i) + 0.25, w_i = query "
                 "i's attention weights after dropout"});
  } else if (revealing) {
    d.push_back({"projections",
                 "v_proj maps token j to (e_j, e_j) in every head, out_proj is the identity "
                 "plus a bias of 0.25: head h's features of output row i are (w_hi, w_hi) + "
                 "0.25, w_hi = head h's attention weights of query i after dropout"});
  } else {
    d.push_back({"bias", bias ? "true" : "false"});
    d.push_back({"x", values_text(x)});
  }
  return d;
}

Case generate(bool training, const std::vector<double>& ps) {
  Case c;
  c.training = training;
  c.B = *rc::gen::inRange<int64_t>(1, 3).as("B");
  c.T = *rc::gen::inRange<int64_t>(1, 6).as("T");
  c.H = *rc::gen::inRange<int64_t>(1, 4).as("num_heads");
  c.d_head = *rc::gen::inRange<int64_t>(1, 4).as("d_head");
  c.bias = *rc::gen::arbitrary<bool>().as("bias");
  c.causal = *rc::gen::arbitrary<bool>().as("causal");
  c.p = *rc::gen::elementOf(ps).as("dropout_p");
  c.gen_seed = *rc::gen::inRange<uint64_t>(0, 1000).as("generator seed");
  kt::Generator gen(*rc::gen::inRange<uint64_t>(0, 1000000).as("seed of the values"));
  const int64_t D = c.D();
  c.w = random_projections(D, D, c.bias, 0.5, gen);
  c.x = kt::randn({c.B, c.T, D}, gen);
  return c;
}

Case generate_revealing(bool training, const std::vector<double>& ps, RevealingSizes sizes) {
  Case c;
  c.revealing = true;
  c.training = training;
  c.B = sizes.several ? *rc::gen::inRange<int64_t>(2, 4).as("B")
                      : *rc::gen::inRange<int64_t>(1, 3).as("B");
  c.T = *rc::gen::inRange<int64_t>(sizes.T_min, 7).as("T");
  c.H = sizes.several ? *rc::gen::inRange<int64_t>(2, 4).as("num_heads") : 1;
  c.d_head = 2 * c.T;
  c.bias = true;
  c.causal = *rc::gen::arbitrary<bool>().as("causal");
  c.p = *rc::gen::elementOf(ps).as("dropout_p");
  c.gen_seed = *rc::gen::inRange<uint64_t>(0, 1000).as("generator seed");
  kt::Generator gen(*rc::gen::inRange<uint64_t>(0, 1000000).as("seed of the values"));
  const int64_t T = c.T, D = c.D();
  c.w.wq = kt::randn({D, D}, gen) * 1.5;
  c.w.wk = kt::randn({D, D}, gen) * 1.5;
  const kt::Tensor eye = kt::eye(T);
  kt::Tensor wv = kt::zeros({D, D});
  for (int64_t h = 0; h < c.H; ++h) {  // head h's two halves: rows 2Th .. 2Th + 2T of v
    wv.narrow(0, 2 * T * h, T).narrow(1, 0, T).copy_(eye);
    wv.narrow(0, 2 * T * h + T, T).narrow(1, 0, T).copy_(eye);
  }
  c.w.wv = wv;
  c.w.wo = kt::eye(D);
  c.w.bq = kt::zeros({D});
  c.w.bk = kt::zeros({D});
  c.w.bv = kt::zeros({D});
  c.w.bo = kt::full({D}, kOutBias);
  kt::Tensor x = kt::zeros({c.B, T, D});
  for (int64_t b = 0; b < c.B; ++b) x.select(0, b).narrow(1, 0, T).copy_(eye);
  c.x = x;
  return c;
}

Outcome run_train_property(uint64_t seed, int cases,
                           const std::function<std::optional<Failure>()>& body) {
  return run_property(seed, cases, body,
                      {"B", "T", "num_heads", "d_head", "bias", "causal", "dropout_p",
                       "generator seed", "seed of the values"});
}

kt::Tensor run_reference(const Case& c) {
  return ref::mha_without_dropout(c.x, c.w, c.H, c.causal);
}

Revealed reveal(const Case& c, const kt::Tensor& out) {
  // (B, T, H * 2T) -> (B, T, H, 2, T): copy k of head h's weights of query i is [b, i, h, k, :].
  const kt::Shape split = {c.B, c.T, c.H, 2, c.T};
  const kt::Tensor o = (out.to(kt::Float64) - kOutBias).contiguous().view(split);
  const kt::Tensor e = (run_reference(c) - kOutBias).contiguous().view(split);
  auto copy = [](const kt::Tensor& t, int64_t k) {
    return t.select(3, k).transpose(1, 2).contiguous();  // (B, H, T, T)
  };
  return {copy(o, 0), copy(o, 1), copy(e, 0)};
}

bool dropout_pattern(const kt::Tensor& got, const kt::Tensor& expected, double scale) {
  const std::vector<double> g = got.contiguous().to_vector<double>();
  const std::vector<double> e = expected.contiguous().to_vector<double>();
  const size_t row = got.dim() == 0 ? 1 : size_t(std::max<int64_t>(1, got.size(-1)));
  bool mixed = false;  // a row with one weight dropped and another kept
  for (size_t r = 0; r < g.size(); r += row) {
    bool dropped = false, kept = false;
    for (size_t i = r; i < r + row && i < g.size(); ++i) {
      const bool zero = std::abs(g[i]) <= 1e-9;
      const bool scaled = std::abs(g[i] - scale * e[i]) <= 1e-9 * (1 + std::abs(scale * e[i]));
      if (!zero && !scaled) return false;
      if (e[i] > 1e-9) {
        dropped = dropped || (zero && !scaled);
        kept = kept || (scaled && !zero);
      }
    }
    mixed = mixed || (dropped && kept);
  }
  return mixed;
}

bool shape_ok(const Case& c, const Run& run) {
  return run.ok() && run.out.sizes() == kt::Shape{c.B, c.T, c.D()} &&
         run.out.dtype() == kt::Float64;
}

Failure failure(const Case& c, const kt::Tensor& got, const kt::Tensor& expected,
                std::string message, bool expected_said) {
  Failure f;
  f.message = std::move(message);
  f.counterexample = c.describe();
  show_worst_row(got, expected, f, c.revealing ? "weights" : "out");
  if (c.revealing && c.training && !expected_said && !f.difference.empty())
    f.difference +=
        "; expected: the weights without dropout (each of yours should be 0 or "
        "expected / (1 - p))";
  return f;
}

Failure failure_from_run(const Case& c, const Run& run) {
  if (run.ok()) {
    Failure f;
    f.counterexample = c.describe();
    f.message = "forward returned shape " + kt::shape_str(run.out.sizes()) + " (" +
                std::string(kt::dtype_name(run.out.dtype())) +
                "); it must return (B, T, d_model) = " + kt::shape_str({c.B, c.T, c.D()}) +
                " in x's dtype.";
    f.wrong = report::wrong_of(run.out.sizes() != kt::Shape{c.B, c.T, c.D()},
                               run.out.dtype() != kt::Float64);
    return f;
  }
  Failure f = failure_from_throw(run, "MultiHeadAttention::forward(x, gen, causal)");
  f.counterexample = c.describe();
  return f;
}

Calls run_learner(const Case& c, int calls) {
  announce_case(c.describe());  // so a crash or a timeout still names the case
  wire::Writer args;
  for (const int64_t v : {c.H, c.d_head, int64_t(calls)}) args.i64(v);
  args.boolean(c.bias);
  args.boolean(c.causal);
  args.boolean(c.training);
  args.f64(c.p);
  args.u64(c.gen_seed);
  args.tensors({c.x, c.w.wq, c.w.wk, c.w.wv, c.w.wo, c.w.bq, c.w.bk, c.w.bv, c.w.bo});
  Calls result;
  remote::call("mha_train", args, [&](wire::Reader& r) {
    result.run = r.run();
    result.outs = r.tensors();
    r.raw(&result.gen_after, sizeof result.gen_after);
  });
  return result;
}

}  // namespace grader::kata_mha_train
