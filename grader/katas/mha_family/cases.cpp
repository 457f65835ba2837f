#include "grader/katas/mha_family/cases.hpp"

#include "grader/katas/mha_family/catalogue.hpp"

#include "grader/katas/mha_family/call.hpp"
#include "grader/lib/projections.hpp"
#include "grader/lib/remote.hpp"

#include <rapidcheck.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace grader::mha {

namespace {

KataCall& current_call() {
  static KataCall call;
  return call;
}

}  // namespace

const KataCall& kata_call() { return current_call(); }

SetKataCall::SetKataCall(KataCall call) { current_call() = std::move(call); }

std::vector<std::pair<std::string, std::string>> Case::describe() const {
  std::vector<std::pair<std::string, std::string>> out = {
      {"B", std::to_string(B)},
      {"T", std::to_string(T)},
      {"x shape", kt::shape_str({B, T, D()})},
  };
  if (x.defined() && x.numel() <= 12) out.emplace_back("x", slice_text(x, 12));  // all of it
  out.emplace_back("d_model", std::to_string(D()));
  out.emplace_back("num_heads", std::to_string(H));
  if (kata_call().grouped) {
    out.emplace_back("num_kv_heads", std::to_string(Hkv) + " (query head h reads kv head h / " +
                                         std::to_string(H / Hkv) + ")");
  }
  out.emplace_back("d_head", std::to_string(dk));
  if (kata_call().biases) out.emplace_back("bias", bias ? "true" : "false");
  out.emplace_back("call", kata_call().call_text(*this));
  if (mask.defined()) out.emplace_back("attn_mask", mask_text);
  // Weights of at most 2 x 2, as the call gives them: a reader can then redo the arithmetic
  // (readers of docs/feedback.md asked for them). nn.Linear's (out, in) weights by their module's
  // name; the function kata's matrices, applied as x @ W, transposed as its call passes them.
  if (w.wq.defined() && w.wq.numel() <= 4 && w.wk.numel() <= 4 && w.wv.numel() <= 4 &&
      w.wo.numel() <= 4) {
    const bool modules = kata_call().linear_modules;
    const std::pair<const char*, const kt::Tensor*> weights[] = {
        {"q", &w.wq}, {"k", &w.wk}, {"v", &w.wv}, {"out", &w.wo}};
    const std::pair<const char*, const kt::Tensor*> biases[] = {
        {"q", &w.bq}, {"k", &w.bk}, {"v", &w.bv}, {"out", &w.bo}};
    for (const auto& [name, t] : weights) {
      const std::string n = name;
      if (modules)
        out.emplace_back(n + "_proj.weight", kt::repr(*t));
      else
        out.emplace_back(std::string("W") + (n == "out" ? "o" : n),
                         kt::repr(t->transpose(0, 1).contiguous()));
    }
    for (const auto& [name, t] : biases)
      if (modules && t->defined()) out.emplace_back(std::string(name) + "_proj.bias", kt::repr(*t));
  }
  return out;
}

namespace {

/// A random Bool mask of one of the shapes the kata allows, true with probability p.
kt::Tensor random_mask(const Case& c, kt::Generator& gen, int shape_kind, double p) {
  kt::Shape shape;
  switch (shape_kind) {
    case 0:
      shape = {c.B, 1, c.T, c.T};
      break;
    case 1:
      shape = {c.B, c.H, c.T, c.T};
      break;
    case 2:
      // Three axes, one mask per head (broadcast over the batch): a code that adds a heads axis
      // to every mask of three axes, as if it were (B, T, T), misreads it.
      shape = {c.H, c.T, c.T};
      break;
    default:
      shape = {c.T, c.T};
      break;
  }
  return kt::rand(shape, gen) < p;
}

// Note [the key a mask row keeps]
// A partial mask keeps every query a key so that no row is empty. It used to keep each query its
// own key (the mask OR the identity): code that attends each query to itself whatever the mask
// says (attn_mask | eye, to keep a padded row finite) was then right on every partial mask, and
// round 51's blind file that did so failed only on a fully masked row, which code that also
// handles those rows passes. The key kept is one at random, the diagonal only by chance.
/// (T, T) Bool: row i true at one key drawn from gen, the rest false.
kt::Tensor one_key_per_row(int64_t T, kt::Generator& gen) {
  const std::vector<double> u = kt::rand({T}, gen).to_vector<double>();
  std::vector<bool> bits(size_t(T * T), false);
  for (int64_t i = 0; i < T; ++i)
    bits[size_t(i * T + std::min<int64_t>(T - 1, int64_t(u[size_t(i)] * double(T))))] = true;
  return kt::from_vector(bits, {T, T});
}

std::string mask_description(const kt::Tensor& mask) {
  std::string s = "Bool " + kt::shape_str(mask.sizes()) + ", true = may attend";
  if (mask.numel() <= 64) {
    s += ": ";
    const auto v = mask.to_vector<bool>();
    const int64_t row = mask.size(-1);
    for (size_t i = 0; i < v.size(); ++i) {
      if (i > 0 && int64_t(i) % row == 0) s += ' ';
      s += v[i] ? '1' : '0';
    }
    s += " (rows of the last two dims, 1 = allowed)";
  }
  return s;
}

}  // namespace

Spec one_head(Masking masking) {
  return {.b_max = 2,
          .t_min = 2,
          .t_max = 6,
          .h_min = 1,
          .h_max = 1,
          .dk_min = 1,
          .dk_max = 4,
          .masking = masking};
}

Spec several_heads(Masking masking) {
  Spec spec = one_head(masking);
  spec.h_min = 2;
  spec.h_max = 4;
  return spec;
}

void draw_weights(Case& c, kt::Generator& gen, double bias_scale) {
  c.w = random_projections(c.D(), c.Hkv * c.dk, c.bias, bias_scale, gen);
}

Case generate(const Spec& spec) {
  Case c;
  c.B = *rc::gen::inRange<int64_t>(1, spec.b_max + 1).as("B");
  c.T = *rc::gen::inRange<int64_t>(spec.t_min, spec.t_max + 1).as("T");
  if (kata_call().grouped && spec.proper_groups) {
    c.Hkv = *rc::gen::inRange<int64_t>(2, 4).as("num_kv_heads");
    c.H = c.Hkv * *rc::gen::inRange<int64_t>(2, 4).as("query heads per kv head");
  } else {
    c.H = *rc::gen::inRange<int64_t>(spec.h_min, spec.h_max + 1).as("num_heads");
    c.Hkv = c.H;
    if (kata_call().grouped) {
      std::vector<int64_t> divisors;
      for (int64_t d = 1; d <= c.H; ++d)
        if (c.H % d == 0) divisors.push_back(d);
      c.Hkv = *rc::gen::elementOf(divisors).as("num_kv_heads");
    }
  }
  c.dk = *rc::gen::inRange<int64_t>(spec.dk_min, spec.dk_max + 1).as("d_head");
  c.bias = kata_call().biases && *rc::gen::arbitrary<bool>().as("bias");
  const auto seed = *rc::gen::inRange<uint64_t>(0, 1000000).as("data seed");
  kt::Generator gen(seed);
  const int64_t D = c.D();
  draw_weights(c, gen, 0.1);
  c.x = kt::randn({c.B, c.T, D}, gen);
  switch (spec.masking) {
    case Masking::CausalFlag:
      c.causal = *rc::gen::arbitrary<bool>().as("causal");
      break;
    case Masking::CausalOnly:
      c.causal = true;
      break;
    case Masking::NotCausal:
      break;
    case Masking::Partial: {
      const int kind = *rc::gen::inRange(0, 4).as("mask shape kind");
      // Every query keeps a key: Note [the key a mask row keeps].
      c.mask = random_mask(c, gen, kind, 0.5) | one_key_per_row(c.T, gen);
      break;
    }
    case Masking::FullyMasked: {
      const int kind = *rc::gen::inRange(0, 2).as("mask shape kind");
      kt::Tensor m = (random_mask(c, gen, kind, 0.6) | one_key_per_row(c.T, gen)).clone();
      const auto b = *rc::gen::inRange<int64_t>(0, c.B).as("padded batch entry");
      const auto row = *rc::gen::inRange<int64_t>(0, c.T).as("fully masked query row");
      m.select(0, b).narrow(-2, row, 1).fill_(0.0);  // that query attends to nothing
      c.mask = m;
      break;
    }
  }
  if (c.mask.defined()) c.mask_text = mask_description(c.mask);
  return c;
}

std::string module_call_text(const Case& c) {
  if (c.mask.defined()) return "forward(x, attn_mask)";
  return c.causal ? "forward(x, /*causal=*/true)" : "forward(x, /*causal=*/false)";
}

Run run_learner(const Case& c) {
  announce_case(c.describe());  // so a crash or a timeout still names the case
  wire::Writer args;
  write_case(args, c);
  Run run;
  remote::call(kForward, args, [&](wire::Reader& r) { run = r.run(); });
  return run;
}

kt::Tensor run_reference(const Case& c, ref::MaskedRows rows) {
  return ref::gqa_forward(c.x, c.w, c.H, c.Hkv, c.causal, c.mask, rows);
}

kt::Tensor run_mistakes(const Case& c, const Mistakes& mistakes) {
  return mha_with_mistakes(c.x, c.w, c.H, c.causal, c.mask, mistakes);
}

bool shape_ok(const Case& c, const Run& run) {
  return run.ok() && run.out.sizes() == kt::Shape{c.B, c.T, c.D()} &&
         run.out.dtype() == kt::Float64;
}

Failure failure_from_run(const Case& c, const Run& run) {
  if (!run.ok()) {
    Failure f = failure_from_throw(run, kata_call().what);
    f.counterexample = c.describe();
    // The journey up to the throw: which steps it reached, and the one it did not.
    if (run.threw_error()) diagnose_after_shrinking(f, c);
    if (run.view_error) {
      f.message +=
          ". A view of a transposed tensor needs .contiguous() first (see the "
          "pitfall_missing_contiguous check).";
    }
    return f;
  }
  Failure f;
  f.counterexample = c.describe();
  // Only what is wrong: the shape, the dtype, or both.
  const kt::Shape shape{c.B, c.T, c.D()};
  const std::string dtype(kt::dtype_name(run.out.dtype()));
  f.message = kata_call().what + " returned a tensor of ";
  if (run.out.sizes() != shape) {
    f.message += "shape " + kt::shape_str(run.out.sizes()) + "; expected " + kt::shape_str(shape) +
                 " (B, T, d_model)";
    if (run.out.dtype() != kt::Float64)
      f.message += ", and of dtype " + dtype + " instead of float64, the input's";
  } else {
    f.message += "dtype " + dtype + "; expected float64, the input's";
  }
  f.message += ".";
  f.wrong = report::wrong_of(run.out.sizes() != shape, run.out.dtype() != kt::Float64);
  // Where the shape goes wrong (not for a wrong dtype alone: its values are the comparison's).
  if (run.out.sizes() != shape) diagnose_after_shrinking(f, c);
  return f;
}

Outcome run_mha_property(uint64_t seed, int cases,
                         const std::function<std::optional<Failure>()>& body) {
  // "call" in the case's own description already says which overload and whether causal,
  // "num_kv_heads" the size of a group, "attn_mask" the mask and its shape, "x" the input when it
  // is small, "changed" which tokens the causal check changed; the seeds of the values are --seed.
  return grader::run_property(
      seed, cases, body,
      {"use the mask overload", "causal", "query heads per kv head", "data seed", "mask shape kind",
       "padded batch entry", "fully masked query row", "tokens kept (the rest change)",
       "new future tokens seed"});
}

}  // namespace grader::mha
