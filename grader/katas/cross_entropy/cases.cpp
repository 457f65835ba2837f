#include "grader/katas/cross_entropy/cases.hpp"

#include <rapidcheck.h>

#include <cmath>
#include <sstream>

#include "grader/katas/cross_entropy/catalogue.hpp"
#include "grader/lib/remote.hpp"
#include "grader/lib/words.hpp"
#include "reference/cross_entropy/cross_entropy.hpp"

namespace grader::kata_cross_entropy {

// Note [cross_entropy's tolerance]
// The loss is a mean of log-sum-exp(row) - logit[target] (and, with smoothing, of the row's mean
// log-probability): a difference of numbers as large as the logits. Each is rounded to its dtype
// once or twice, so the error is relative to the largest |logit|, not to the loss: with logits of
// 1000, float32 leaves about 6e-5 in the loss even when the loss is 0.3. Hence atol = k * (1 +
// max |logit|), k = 1e-12 in Float64 and 4e-6 in Float32 (about 30 float32 roundings), beside an
// rtol of 1e-9 / 1e-5. Every named mistake changes the loss by far more; the detectors and the
// catalogue compare Float64 outputs.

namespace {

bool is_float32(const Case& c) { return c.logits.dtype() == kt::Float32; }

double largest_logit(const Case& c) { return kt::amax(kt::abs(c.logits.to(kt::Float64))).item(); }

std::string call_text(const Case& c) {
  return "cross_entropy(logits, target, " + std::to_string(c.ignore_index) + ", " +
         number_text(c.label_smoothing) + ")";
}

}  // namespace

Spec detector_spec(Logits logits, Ignored ignored) {
  return {.n_min = 2,
          .n_max = 6,
          .c_min = 3,
          .c_max = 8,
          .logits = logits,
          .ignored = ignored,
          .float64_only = true};
}

std::vector<std::pair<std::string, std::string>> Case::describe() const {
  return {{"logits shape", kt::shape_str(logits.sizes())},
          {"dtype", std::string(kt::dtype_name(logits.dtype()))},
          {"ignore_index", std::to_string(ignore_index)},
          {"label_smoothing", number_text(label_smoothing)},
          {"logits values", values},
          {"logits", values_text(logits)},
          {"target", values_text(target)}};
}

int64_t Case::kept_rows() const {
  return kt::sum(target != double(ignore_index)).to(kt::Int64).contiguous().to_vector<int64_t>()[0];
}

Case generate(const Spec& spec) {
  const int64_t n_min =
      spec.ignored == Ignored::Some ? std::max<int64_t>(2, spec.n_min) : spec.n_min;
  const auto n = *rc::gen::inRange(n_min, spec.n_max + 1).as("N (rows)");
  const int64_t c_min = spec.logits == Logits::Wide ? std::max<int64_t>(2, spec.c_min) : spec.c_min;
  const auto classes = *rc::gen::inRange(c_min, spec.c_max + 1).as("C (classes)");
  const kt::Dtype dtype = draw_dtype(spec.float64_only);
  Case c;
  c.label_smoothing = spec.smoothing_only ? *rc::gen::element(0.1, 0.3).as("label_smoothing")
                      : spec.smoothing    ? *rc::gen::element(0.0, 0.1, 0.3).as("label_smoothing")
                                          : 0.0;
  // An ignore_index among the classes, where there is another class for the kept rows.
  const bool inside =
      spec.ignored != Ignored::None && classes >= 2 &&
      (spec.ignore_a_class || *rc::gen::arbitrary<bool>().as("ignore_index is a class"));
  const auto seed = *rc::gen::inRange<uint64_t>(0, 1000000).as("seed of the values");
  kt::Generator gen(seed);
  c.ignore_index = inside ? int64_t(kt::rand({}, gen).item() * double(classes)) : -100;
  // Targets: uniform over the classes, kept rows never on ignore_index.
  std::vector<int64_t> target(static_cast<size_t>(n));
  const auto draw = [&] {
    while (true) {
      const auto t = std::min(classes - 1, int64_t(kt::rand({}, gen).item() * double(classes)));
      if (t != c.ignore_index) return t;
    }
  };
  for (auto& t : target) t = draw();
  if (spec.ignored == Ignored::All) {
    for (auto& t : target) t = c.ignore_index;
  } else if (spec.ignored == Ignored::Some) {
    // At least one row ignored and one kept.
    const auto first = int64_t(kt::rand({}, gen).item() * double(n - 1));
    target[size_t(first)] = c.ignore_index;
    for (int64_t i = first + 1; i + 1 < n; ++i)
      if (kt::rand({}, gen).item() < 0.4) target[size_t(i)] = c.ignore_index;
  }
  c.target = kt::from_vector(target, {n});

  const kt::Tensor base = kt::randn({n, classes}, gen) * 3.0;
  switch (spec.logits) {
    case Logits::Moderate:
      c.logits = base;
      c.values = "3 * randn";
      break;
    case Logits::Shifted:
      c.logits = base + 1000.0;
      c.values = "3 * randn + 1000";
      break;
    case Logits::Wide: {
      // Entries 1000 below the rest of their row, never the class after the row's target (so
      // every row keeps one), and always row 0's target.
      const std::vector<double> u = kt::rand({n, classes}, gen).to_vector<double>();
      std::vector<bool> low(u.size());
      for (int64_t i = 0; i < n; ++i) {
        const int64_t t = target[size_t(i)] == c.ignore_index ? 0 : target[size_t(i)];
        for (int64_t k = 0; k < classes; ++k) {
          const size_t at = size_t(i * classes + k);
          low[at] = k != (t + 1) % classes && (u[at] < 0.4 || (i == 0 && k == t));
        }
      }
      c.logits = kt::where(kt::from_vector(low, {n, classes}), base - 1000.0, base);
      c.values = "3 * randn, some entries 1000 below the rest of their row (row 0's target too)";
      break;
    }
    case Logits::Large: {
      // One kind per row: shifted by +-1000, spread by 300, one entry 1000 above, entries -1000.
      const kt::Tensor u = kt::rand({n, 1}, gen);
      const auto kind = [&](int k) { return (u >= k / 5.0) & (u < (k + 1) / 5.0); };
      kt::Tensor x = base + 1000.0;
      x = kt::where(kind(1), base - 1000.0, x);
      x = kt::where(kind(2), base * 300.0, x);
      const kt::Tensor first = kt::arange(double(classes)).unsqueeze(0) == 0.0;
      x = kt::where(kind(3) & first, base + 1000.0, kt::where(kind(3), base, x));
      const kt::Tensor low = (kt::rand({n, classes}, gen) < 0.5) & ~first;
      x = kt::where(kind(4) & low, base - 1000.0, kt::where(kind(4), base, x));
      c.logits = x;
      c.values =
          "3 * randn, each row shifted by +-1000, spread by 300, with one entry 1000 above the "
          "rest, or with entries 1000 below it";
      break;
    }
  }
  c.logits = c.logits.to(dtype);
  return c;
}

Outcome run_cross_entropy_property(uint64_t seed, int cases,
                                   const std::function<std::optional<Failure>()>& body) {
  return run_property(seed, cases, body,
                      {"N (rows)", "C (classes)", "ignore_index is a class",
                       // the values are shown; their seed is not the --seed that reruns a case
                       "seed of the values"});
}

Called call_learner_on(const Case& c) {
  announce_case(c.describe());  // so a crash or a timeout still names the case
  wire::Writer args;
  args.tensor(c.logits);
  args.tensor(c.target);
  args.i64(c.ignore_index);
  args.f64(c.label_smoothing);
  Called called;
  remote::call("cross_entropy", args, [&](wire::Reader& r) {
    called.run = r.run();
    for (const char* name : {"logits", "target"})
      if (r.boolean()) called.changed.emplace_back(name);
  });
  return called;
}

Run run_learner(const Case& c) { return call_learner_on(c).run; }

kt::Tensor run_reference(const Case& c) {
  return ref::cross_entropy(c.logits, c.target, c.ignore_index, c.label_smoothing);
}

bool matches(const Case& c, const kt::Tensor& got, const kt::Tensor& expected) {
  if (!got.defined() || got.numel() != 1 || expected.numel() != 1) return false;
  const double g = got.to(kt::Float64).reshape({1}).item();
  const double e = expected.to(kt::Float64).reshape({1}).item();
  if (std::isnan(g) || std::isnan(e)) return std::isnan(g) && std::isnan(e);
  if (std::isinf(g) || std::isinf(e)) return g == e;
  const double scale = 1.0 + largest_logit(c);
  const double rtol = is_float32(c) ? 1e-5 : 1e-9;
  const double atol = (is_float32(c) ? 4e-6 : 1e-12) * scale;
  return std::abs(g - e) <= atol + rtol * std::abs(e);
}

std::string tolerance_text(const Case& c) {
  const std::string k = is_float32(c) ? "4e-6" : "1e-12";
  return std::string(is_float32(c) ? "rtol 1e-5" : "rtol 1e-9") + ", atol " + k +
         " * (1 + the largest |logit|) = " + number_text(std::stod(k) * (1.0 + largest_logit(c))) +
         (is_float32(c) ? " in Float32" : "");
}

bool shape_ok(const Case& c, const Run& run) {
  return run.ok() && run.out.dim() == 0 && run.out.dtype() == c.logits.dtype();
}

Failure failure(const Case& c, const kt::Tensor& got, std::string message) {
  Failure f;
  f.message = std::move(message);
  f.counterexample = c.describe();
  const double e = run_reference(c).item();
  if (got.defined() && got.numel() == 1) {
    const auto [g_text, e_text] = texts_that_differ(got.to(kt::Float64).reshape({1}).item(), e);
    f.expected = "loss = " + e_text;
    f.got = "loss = " + g_text;
  } else {
    f.expected = "loss = " + texts_that_differ(e, e).first;
  }
  return f;
}

Failure failure_from_run(const Case& c, const Run& run) {
  if (!run.ok()) {
    Failure f = failure_from_throw(run, call_text(c));
    f.counterexample = c.describe();
    if (run.threw_error()) diagnose_after_shrinking(f, c);  // where it threw
    return f;
  }
  const kt::Tensor& out = run.out;
  std::string message;
  if (out.dim() != 0) {
    message =
        "the result has shape " + kt::shape_str(out.sizes()) +
        "; cross_entropy returns a 0-d tensor (shape []), the mean over the rows not "
        "ignored." +
        (out.sizes() == kt::Shape{c.logits.size(0)} || out.sizes() == kt::Shape{c.logits.size(0), 1}
             ? " A result with one value per row is the loss of each row: take their mean "
               "over the rows not ignored."
         : out.numel() == 1 ? " Make it 0-d: kt::sum or kt::mean without a dim gives one, "
                              "or .reshape({})."
                            : "");
  } else {
    message = "the result is " + std::string(kt::dtype_name(out.dtype())) + " for " +
              std::string(kt::dtype_name(c.logits.dtype())) +
              " logits: return the logits' dtype (convert back with .to(logits.dtype()) if you "
              "computed in another).";
  }
  if (out.dim() != 0 && c.logits.size(0) < 3) {
    // On one or two rows, a shape of [1] or [2] does not say where it comes from: the shape the
    // code returns on a case of 4 rows and 5 classes does.
    const Case bigger = discriminating_cases().front();
    const Run other = run_learner(bigger);
    if (other.ok()) {
      message += " (On " + std::to_string(bigger.logits.size(0)) + " rows and " +
                 std::to_string(bigger.logits.size(1)) + " classes your code returns shape " +
                 kt::shape_str(other.out.sizes()) + ".)";
    }
  }
  Failure f = failure(c, out.numel() == 1 ? out : kt::Tensor(), message);
  f.wrong = out.dim() != 0 ? Wrong::Shape : Wrong::Dtype;
  if (out.dim() != 0) diagnose_after_shrinking(f, c);
  return f;
}

std::optional<Failure> compare(const Case& c, const Run& run, const std::string& why) {
  if (!shape_ok(c, run)) return failure_from_run(c, run);
  const kt::Tensor expected = run_reference(c);
  if (matches(c, run.out, expected)) return std::nullopt;
  const double g = run.out.to(kt::Float64).item();
  const double e = expected.item();
  std::string message;
  if (!std::isfinite(g) && std::isfinite(e)) {
    message = "the loss is " + number_text(g) + " where the reference's is finite.";
  } else if (std::isnan(e)) {
    message =
        "every row is ignored, and the loss is NaN (0 / 0: the mean over no rows), as in "
        "PyTorch; yours is " +
        number_text(g) + ".";
  } else {
    message = "the loss differs from the reference (" + tolerance_text(c) + ").";
  }
  Failure f = failure(c, run.out, message + why);
  diagnose_after_shrinking(f, c);
  return f;
}

std::optional<Failure> cannot_check(const Case& c, const Run& run, const std::string& id) {
  if (shape_ok(c, run)) return std::nullopt;
  return could_not_check(failure_from_run(c, run), id);
}

}  // namespace grader::kata_cross_entropy
