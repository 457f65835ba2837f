#include "grader/katas/attention_backward/cases.hpp"

#include "grader/katas/attention_backward/catalogue.hpp"

#include <rapidcheck.h>

#include "grader/lib/journey.hpp"
#include "grader/lib/remote.hpp"
#include "grader/lib/words.hpp"
#include "reference/attention_backward/attention_backward.hpp"

namespace grader::kata_attention_backward {

std::string Case::call() const {
  return std::string("attention_backward(q, k, v, dout, /*is_causal=*/") +
         (causal ? "true" : "false") + ")";
}

std::vector<std::pair<std::string, std::string>> Case::describe() const {
  std::vector<std::pair<std::string, std::string>> out = {
      {"call", call()},
      {"T", std::to_string(T())},
      {"d", std::to_string(d())},
      {"q", values_text(q)},
      {"k", values_text(k)},
      {"v", values_text(v)},
      {"dout", values_text(dout)},
  };
  if (causal) out.emplace_back("is_causal", "true: query i sees keys 0..i");
  return out;
}

Case fixed_case(kt::Shape leading, int64_t T, int64_t d, bool causal, uint64_t seed) {
  kt::Generator gen(seed);
  leading.push_back(T);
  leading.push_back(d);
  Case c;
  c.q = kt::randn(leading, gen);
  c.k = kt::randn(leading, gen);
  c.v = kt::randn(leading, gen);
  c.dout = kt::randn(leading, gen);
  c.causal = causal;
  return c;
}

Case generate(const Spec& spec) {
  const auto T = *rc::gen::inRange(spec.t_min, spec.t_max + 1).as("T");
  const auto d = *rc::gen::inRange(spec.d_min, spec.d_max + 1).as("d");
  const kt::Shape leading = draw_leading_axes(spec.leading_rank_max);
  const bool causal = spec.causal ? *spec.causal : *rc::gen::arbitrary<bool>().as("causal");
  const auto seed = *rc::gen::inRange<uint64_t>(0, 1000000).as("seed of the values");
  return fixed_case(leading, T, d, causal, seed);
}

Outcome run_backward_property(uint64_t seed, int cases,
                              const std::function<std::optional<Failure>()>& body) {
  std::vector<std::string> hidden = {"rank of the leading axes", "causal", "seed of the values",
                                     "T", "d"};
  for (int a = 0; a < 3; ++a) hidden.push_back("leading axis " + std::to_string(a));
  return run_property(seed, cases, body, hidden);
}

Called run_learner(const Case& c) {
  announce_case(c.describe());  // so a crash or a timeout still names the case
  Called called;
  std::string undefined;
  wire::Writer args;
  args.tensors({c.q, c.k, c.v, c.dout});
  args.boolean(c.causal);
  remote::call("attention_backward", args, [&](wire::Reader& r) {
    called.run = r.run();
    const std::vector<kt::Tensor> g = r.tensors();
    if (g.size() != 3) throw wire::Malformed("not three gradients");
    called.grads = {g[0], g[1], g[2]};
  });
  for (int w = 0; w < 3; ++w) {
    if (!called.grads[w].defined())
      undefined += undefined.empty() ? Grads::kNames[w] : std::string(", ") + Grads::kNames[w];
  }
  if (called.run.returned_undefined) {
    called.run.error = "returned AttentionGrads with " + undefined +
                       " undefined (a default-constructed kt::Tensor): every gradient must be set";
  }
  return called;
}

Grads run_reference(const Case& c) {
  const ref::AttentionGrads g = ref::attention_backward(c.q, c.k, c.v, c.dout, c.causal);
  return {g.dq, g.dk, g.dv};
}

bool shape_ok(const Case& c, const Called& called) {
  if (!called.run.ok()) return false;
  for (int w = 0; w < 3; ++w) {
    const kt::Tensor& t = called.grads[w];
    if (t.sizes() != c.q.sizes() || t.dtype() != kt::Float64) return false;
  }
  return true;
}

namespace {

/// The names of the gradients that are close to expected (or not, when `close_ones` is false).
std::string names_where(const Grads& got, const Grads& expected, double rtol, double atol,
                        bool close_ones) {
  std::vector<std::string> names;
  for (int w = 0; w < 3; ++w) {
    if (close(got[w], expected[w], rtol, atol) == close_ones) names.emplace_back(Grads::kNames[w]);
  }
  return and_list(names);
}

}  // namespace

std::string differing(const Grads& got, const Grads& expected, double rtol, double atol) {
  return names_where(got, expected, rtol, atol, false);
}

std::string matching(const Grads& got, const Grads& expected, double rtol, double atol) {
  return names_where(got, expected, rtol, atol, true);
}

Failure failure(const Case& c, const Grads& got, const Grads& expected, std::string message,
                double rtol, double atol) {
  Failure f;
  f.message = std::move(message);
  f.counterexample = c.describe();
  for (int w = 0; w < 3; ++w) {
    if (!close(got[w], expected[w], rtol, atol)) {
      show_worst_row(got[w], expected[w], f, Grads::kNames[w]);
      break;
    }
  }
  return f;
}

Failure failure_from_run(const Case& c, const Called& called) {
  if (called.run.ok()) {
    Failure f;
    f.counterexample = c.describe();
    for (int w = 0; w < 3; ++w) {
      const kt::Tensor& t = called.grads[w];
      if (t.sizes() == c.q.sizes() && t.dtype() == kt::Float64) continue;
      f.wrong = report::wrong_of(t.sizes() != c.q.sizes(), t.dtype() != kt::Float64);
      f.message = std::string(Grads::kNames[w]) + " has shape " + kt::shape_str(t.sizes()) + " (" +
                  std::string(kt::dtype_name(t.dtype())) + "); each gradient has the shape of " +
                  "its input, " + kt::shape_str(c.q.sizes()) + " here, in Float64.";
      break;
    }
    // Where the shape goes wrong (not for a wrong dtype alone: its values are the comparison's).
    if (f.wrong == Wrong::Shape || f.wrong == Wrong::ShapeAndDtype) diagnose_after_shrinking(f, c);
    return f;
  }
  Failure f = failure_from_throw(called.run, c.call());
  f.counterexample = c.describe();
  // The journey up to the throw: which steps it reached, and the one it did not.
  if (called.run.threw_error()) diagnose_after_shrinking(f, c);
  return f;
}

}  // namespace grader::kata_attention_backward
