#include "grader/katas/softmax/cases.hpp"

#include "grader/katas/softmax/catalogue.hpp"

#include <rapidcheck.h>

#include <limits>

#include "grader/lib/journey.hpp"
#include "grader/lib/remote.hpp"
#include "reference/softmax/softmax.hpp"

namespace grader::kata_softmax {

namespace {

bool is_float32(const Case& c) { return c.x.dtype() == kt::Float32; }

/// x's shape with dim made 1: one value per slice along dim.
kt::Shape slice_shape(const kt::Tensor& x, int64_t dim) {
  kt::Shape s = x.sizes();
  s[size_t(dim < 0 ? dim + x.dim() : dim)] = 1;
  return s;
}

}  // namespace

Spec first_axis() {
  return {.rank_min = 2, .rank_max = 4, .size_min = 2, .size_max = 4, .axis = Axis::First};
}

Spec cube_not_first(Logits logits) {
  return {.rank_min = 2,
          .rank_max = 3,
          .size_min = 3,
          .size_max = 4,
          .cube = true,
          .axis = Axis::NotFirst,
          .logits = logits};
}

Spec cube_any_dim(Logits logits) {
  return {.rank_min = 2,
          .rank_max = 4,
          .size_min = 3,
          .size_max = 4,
          .cube = true,
          .axis = Axis::Any,
          .logits = logits};
}

std::vector<std::pair<std::string, std::string>> Case::describe() const {
  return {{"x shape", kt::shape_str(x.sizes())},
          {"dtype", std::string(kt::dtype_name(x.dtype()))},
          {"dim", std::to_string(dim)},
          {"logits", logits},
          {"x", values_text(x)}};
}

Case generate(const Spec& spec) {
  const auto rank = *rc::gen::inRange(spec.rank_min, spec.rank_max + 1).as("rank of x");
  kt::Shape shape;
  if (spec.cube) {
    const auto n = *rc::gen::inRange(spec.size_min, spec.size_max + 1).as("size of every axis");
    shape.assign(size_t(rank), n);
  } else {
    for (int d = 0; d < rank; ++d) {
      shape.push_back(*rc::gen::inRange(spec.size_min, spec.size_max + 1)
                           .as("size of axis " + std::to_string(d)));
    }
  }
  int64_t dim = 0;
  switch (spec.axis) {
    case Axis::Any:
      dim = *rc::gen::inRange<int64_t>(-rank, rank).as("dim");
      break;
    case Axis::First:
      dim = *rc::gen::element(int64_t(0), int64_t(-rank)).as("dim");
      break;
    case Axis::NotFirst: {
      const auto d = *rc::gen::inRange<int64_t>(1, rank).as("dim (from the front)");
      dim = *rc::gen::arbitrary<bool>().as("dim counted from the end") ? d - rank : d;
      break;
    }
  }
  const kt::Dtype dtype = draw_dtype(false);
  const auto seed = *rc::gen::inRange<uint64_t>(0, 1000000).as("seed of x's values");
  kt::Generator gen(seed);
  const kt::Tensor base = kt::randn(shape, gen) * 3.0;

  Case c;
  c.dim = dim;
  switch (spec.logits) {
    case Logits::Moderate:
      c.x = base.to(dtype);
      c.logits = "3 * randn";
      break;
    case Logits::Large: {
      // One kind per slice along dim: shifted by 0, +-1000, +-1e30, or spread over thousands or
      // over +-1e30 (nearly one-hot).
      const kt::Tensor u = kt::rand(slice_shape(base, dim), gen);
      const auto kind = [&](int k) { return (u >= k / 7.0) & (u < (k + 1) / 7.0); };
      kt::Tensor x = base;
      const double shifts[] = {0.0, 1000.0, -1000.0, 1e30, -1e30};
      for (int k = 1; k < 5; ++k) x = kt::where(kind(k), base + shifts[k], x);
      x = kt::where(kind(5), base * 1000.0, x);
      x = kt::where(kind(6), base * 1e29, x);
      c.x = x.to(dtype);
      c.logits =
          "3 * randn, each slice along dim shifted by 0, +-1000 or +-1e30, or scaled by "
          "1000 or 1e29";
      break;
    }
    case Logits::Masked: {
      // Entries of -inf (never a slice's last finite one), and whole slices of finfo.min.
      const kt::Tensor r = kt::rand(shape, gen);
      const kt::Tensor keep = r == kt::amax(r, dim, true);
      const kt::Tensor minus_inf = (r < 0.35) & ~keep;
      const kt::Tensor lowest = kt::rand(slice_shape(base, dim), gen) < 0.25;
      c.x = base.to(dtype)
                .masked_fill(minus_inf, -std::numeric_limits<double>::infinity())
                .masked_fill(lowest, kt::finfo(dtype).min);
      // Said of what this case holds: a small case may have drawn no -inf, or no masked slice.
      const bool has_inf = kt::any(c.x == -std::numeric_limits<double>::infinity()).item() != 0.0;
      const bool has_lowest = kt::any(c.x == kt::finfo(dtype).min).item() != 0.0;
      c.logits = "3 * randn";
      if (has_inf) c.logits += " with entries of -inf (every slice keeps a finite one)";
      if (has_lowest)
        c.logits += std::string(has_inf ? " and" : " with") + " whole slices of finfo(dtype).min";
      if (!has_inf && !has_lowest) c.logits += " (this case drew no -inf and no masked slice)";
      break;
    }
    case Logits::EqualMaxima: {
      const kt::Tensor r = kt::rand(shape, gen);
      const kt::Tensor top = r == kt::amax(r, dim, true);
      c.x = kt::where(top, 0.0, kt::rand(shape, gen) * -3.0).to(dtype);
      c.logits = "in [-3, 0], every slice along dim with maximum 0";
      break;
    }
  }
  return c;
}

Outcome run_softmax_property(uint64_t seed, int cases,
                             const std::function<std::optional<Failure>()>& body) {
  return run_property(seed, cases, body,
                      {"rank of x", "size of axis 0", "size of axis 1", "size of axis 2",
                       "size of axis 3", "size of every axis", "dim (from the front)",
                       "dim counted from the end", "a cube with dim not the first axis",
                       // x's values are shown; their seed is not the --seed that reruns a case
                       "seed of x's values"});
}

Run run_learner(const Case& c) { return run_learner(c, c.x); }

Run run_learner(const Case& c, const kt::Tensor& x) {
  Case shown = c;
  shown.x = x;
  announce_case(shown.describe());  // so a crash or a timeout still names the case
  wire::Writer args;
  args.tensor(x);
  args.i64(c.dim);
  Run run;
  remote::call("softmax", args, [&](wire::Reader& r) { run = r.run(); });
  return run;
}

kt::Tensor run_reference(const Case& c) { return ref::softmax(c.x, c.dim); }

bool matches(const Case& c, const kt::Tensor& got, const kt::Tensor& expected) {
  return is_float32(c) ? close(got, expected, 1e-5, 1e-7) : close(got, expected);
}

std::string tolerance_text(const Case& c) {
  return is_float32(c) ? "rtol 1e-5, atol 1e-7 in Float32" : "rtol 1e-9, atol 1e-12";
}

const SameShapeKata<Case>& kata() {
  static const SameShapeKata<Case> k{
      .input = [](const Case& c) -> const kt::Tensor& { return c.x; },
      .call = [](const Case& c) { return run_learner(c); },
      .call_text = [](const Case& c) { return "softmax(x, " + std::to_string(c.dim) + ")"; },
      .shape_words =
          [](const Case& c) { return "softmax keeps x's shape " + kt::shape_str(c.x.sizes()); },
      .row_axis = [](const Case& c) { return c.dim; },  // the slice along dim
      .reference = run_reference,
      .matches = matches,
      .tolerance = tolerance_text,
      .diagnose = diagnose_after_shrinking,
  };
  return k;
}

}  // namespace grader::kata_softmax
