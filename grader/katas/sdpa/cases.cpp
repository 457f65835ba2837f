#include "grader/katas/sdpa/cases.hpp"

#include <rapidcheck.h>

#include <algorithm>

#include "grader/lib/journey.hpp"
#include "grader/lib/remote.hpp"
#include "reference/sdpa/sdpa.hpp"

namespace grader::kata_sdpa {

namespace {

/// The values as text (their shape included): all of them when few, else the first ones.
std::string shaped_values_text(const kt::Tensor& t) {
  if (t.numel() <= 24) return kt::repr(t);
  return "shape " + kt::shape_str(t.sizes()) + ": " + slice_text(t, 12) + " (the first 12 of " +
         std::to_string(t.numel()) + " values, row-major)";
}

std::string mask_text(const kt::Tensor& mask) {
  std::string s = "Bool " + kt::shape_str(mask.sizes()) + ", true = may attend";
  if (mask.numel() <= 64) {
    s += ": ";
    const auto bits = mask.to_vector<bool>();
    const int64_t row = mask.size(-1);
    for (size_t i = 0; i < bits.size(); ++i) {
      if (i > 0 && int64_t(i) % row == 0) s += ' ';
      s += bits[i] ? '1' : '0';
    }
    s += mask.dim() == 2 ? " (one group of T_k per query, 1 = may attend)"
                         : " (one group of T_k per query row, the leading axes row-major)";
  }
  return s;
}

kt::Shape leading_of(const kt::Shape& out) { return kt::Shape(out.begin(), out.end() - 2); }

kt::Shape with_last_two(kt::Shape s, int64_t a, int64_t b) {
  s.push_back(a);
  s.push_back(b);
  return s;
}

/// A random Bool mask of `shape`: each row keeps at least one key (one of the first
/// `tk - tq + 1 + i` for query i when `causal`, so causality leaves it); `hide` also hides one key
/// in every row (T_k >= 2); `empty_row` (a row number in [0, rows)) hides every key of that row.
kt::Tensor random_mask(const kt::Shape& shape, kt::Generator& gen, bool causal, bool hide,
                       int64_t empty_row = -1) {
  const int64_t tq = shape[shape.size() - 2], tk = shape.back();
  std::vector<bool> bits;
  const std::vector<double> coin = kt::rand(shape, gen).to_vector<double>();
  const std::vector<double> pick =
      kt::rand({int64_t(coin.size()) / tk, 2}, gen).to_vector<double>();
  for (size_t row = 0; row * size_t(tk) < coin.size(); ++row) {
    const int64_t i = int64_t(row) % tq;
    const int64_t allowed = causal ? std::clamp<int64_t>(tk - tq + 1 + i, 1, tk) : tk;
    const auto kept = int64_t(pick[2 * row] * double(allowed));
    const auto hidden = (kept + 1 + int64_t(pick[2 * row + 1] * double(tk - 1))) % tk;
    for (int64_t j = 0; j < tk; ++j) {
      bool on = coin[row * size_t(tk) + size_t(j)] < 0.5;
      if (j == kept) on = true;
      if (hide && j == hidden && hidden != kept) on = false;
      if (int64_t(row) == empty_row) on = false;
      bits.push_back(on);
    }
  }
  return kt::from_vector(bits, shape);
}

/// (…, T_q) Bool: the rows of got that are close to expected, elementwise (NaN is never close).
kt::Tensor rows_close(const kt::Tensor& got, const kt::Tensor& expected, double rtol, double atol) {
  return kt::all(kt::abs(got - expected) <= atol + rtol * kt::abs(expected), -1);
}

/// (…, T_q) Bool: the rows of got that are one of the accepted results for a query with no key.
kt::Tensor accepted_rows(const Case& c, const kt::Tensor& got) {
  const kt::Tensor g = got.to(kt::Float64);
  kt::Tensor accepted = kt::zeros(empty_rows(c).sizes(), kt::Bool);
  for (ref::MaskedRows rows :
       {ref::MaskedRows::Uniform, ref::MaskedRows::Zeros, ref::MaskedRows::AllKeys}) {
    accepted = accepted | rows_close(g, run_reference(c, rows), 1e-5, 1e-7);
  }
  return accepted;
}

/// The reference, except that a query with no key shows got's row when got's row is one of the
/// accepted results (so a failure never points at a row that is right).
kt::Tensor expected_for(const Case& c, const kt::Tensor& got) {
  const kt::Tensor expected = run_reference(c);
  if (!got.defined() || got.sizes() != expected.sizes()) return expected;
  const kt::Tensor keep_got = accepted_rows(c, got) & empty_rows(c);
  return kt::where(keep_got.unsqueeze(-1), got.to(kt::Float64), expected);
}

}  // namespace

kt::Shape Case::out_shape() const { return ref::sdpa_shape(q, k, v, mask); }

std::string Case::call() const {
  std::string s = "scaled_dot_product_attention(q, k, v";
  if (mask.defined()) s += ", attn_mask";
  if (causal) s += mask.defined() ? ", /*is_causal=*/true" : ", std::nullopt, /*is_causal=*/true";
  return s + ")";
}

std::vector<std::pair<std::string, std::string>> Case::describe() const {
  std::vector<std::pair<std::string, std::string>> out = {
      {"call", call()},
      {"T_q", std::to_string(Tq())},
      {"T_k", std::to_string(Tk())},
      {"d_k", std::to_string(dk())},
      {"d_v", std::to_string(dv())},
      {"q", shaped_values_text(q)},
      {"k", shaped_values_text(k)},
      {"v", shaped_values_text(v)},
  };
  if (mask.defined()) out.emplace_back("attn_mask", mask_text(mask));
  if (causal) {
    out.emplace_back("is_causal", "true: query i sits at position T_k - T_q + i = " +
                                      std::to_string(Tk() - Tq()) + " + i");
  }
  return out;
}

Case generate(const Spec& spec) {
  int64_t tq = 0, tk = 0;
  switch (spec.lengths) {
    case Lengths::Any:
      tq = *rc::gen::inRange(spec.t_min, spec.t_max + 1).as("T_q");
      tk = *rc::gen::inRange(spec.t_min, spec.t_max + 1).as("T_k");
      break;
    case Lengths::FewerQueries:
      tk = *rc::gen::inRange(std::max<int64_t>(spec.t_min, 3), spec.t_max + 1).as("T_k");
      tq = *rc::gen::inRange<int64_t>(1, tk - 1).as("T_q");
      break;
    case Lengths::MoreQueries:
      tq = *rc::gen::inRange(std::max<int64_t>(spec.t_min + 1, 2), spec.t_max + 1).as("T_q");
      tk = *rc::gen::inRange<int64_t>(spec.t_min, tq).as("T_k");
      break;
  }
  int64_t dk = 0, dv = 0;
  if (spec.distinct_scales) {
    dk = *rc::gen::inRange<int64_t>(2, spec.d_max + 1).as("d_k");
    dv = *rc::gen::suchThat(rc::gen::inRange<int64_t>(2, spec.d_max + 1), [dk](int64_t d) {
            return d != dk && d != dk * dk;
          }).as("d_v");
  } else {
    dk = *rc::gen::inRange(spec.d_min, spec.d_max + 1).as("d_k");
    dv = *rc::gen::inRange(spec.d_min, spec.d_max + 1).as("d_v");
  }

  // The leading axes of q, k and v.
  kt::Shape lq, lk, lv;
  if (spec.leading == Leading::Same) {
    const auto rank = *rc::gen::inRange(spec.leading_rank_min, spec.leading_rank_max + 1)
                           .as("rank of the leading axes");
    for (int d = 0; d < rank; ++d) {
      lq.push_back(*rc::gen::inRange<int64_t>(1, 4).as("leading axis " + std::to_string(d)));
    }
    lk = lv = lq;
  } else {
    const auto rank = *rc::gen::inRange(1, 4).as("rank of the leading axes");
    kt::Shape full;
    for (int d = 0; d < rank; ++d) {
      full.push_back(*rc::gen::inRange<int64_t>(2, 4).as("leading axis " + std::to_string(d)));
    }
    const auto own = [&](const char* name) {
      const auto dropped =
          *rc::gen::inRange(0, rank + 1).as(std::string("leading axes ") + name + " drops");
      kt::Shape s(full.begin() + dropped, full.end());
      for (size_t d = 0; d < s.size(); ++d) {
        if (*rc::gen::inRange(0, 3).as(std::string(name) + " axis " + std::to_string(d) +
                                       " is 1") == 0) {
          s[d] = 1;
        }
      }
      return s;
    };
    lq = own("q");
    lk = own("k");
    lv = own("v");
  }

  Masking masking = spec.masking;
  if (masking == Masking::Any) {
    masking =
        *rc::gen::element(Masking::None, Masking::Causal, Masking::Mask, Masking::MaskAndCausal)
             .as("masking");
  }
  if (spec.no_empty_rows && masking != Masking::FullyMasked &&
      masking != Masking::FullyMaskedAndCausal &&
      (masking == Masking::Causal || masking == Masking::MaskAndCausal) && tq > tk) {
    std::swap(tq, tk);  // a causal query before the first key would have nothing to attend to
  }
  const auto seed = *rc::gen::inRange<uint64_t>(0, 1000000).as("seed of the values");
  kt::Generator gen(seed);
  Case c;
  c.q = kt::randn(with_last_two(lq, tq, dk), gen);
  c.k = kt::randn(with_last_two(lk, tk, dk), gen);
  c.v = kt::randn(with_last_two(lv, tk, dv), gen);
  c.causal = masking == Masking::Causal || masking == Masking::MaskAndCausal ||
             masking == Masking::FullyMaskedAndCausal;
  if (masking == Masking::Mask || masking == Masking::MaskAndCausal ||
      masking == Masking::FullyMasked || masking == Masking::FullyMaskedAndCausal) {
    const kt::Shape batch = leading_of(c.out_shape());
    kt::Shape shape = {tq, tk};
    switch (*rc::gen::inRange(0, 4).as("mask shape kind")) {
      case 0:
        break;
      case 1:
        shape = with_last_two(batch, tq, tk);
        break;
      case 2:
        // Fewer leading axes than the scores (a (H, T_q, T_k) mask for (B, H, T_q, T_k) scores):
        // broadcast from the right, its first axis is the heads', not the batch's.
        if (batch.size() >= 2)
          shape = with_last_two(kt::Shape(batch.begin() + 1, batch.end()), tq, tk);
        break;
      default:
        if (!batch.empty()) {
          shape = with_last_two(batch, tq, tk);
          shape[batch.size() - 1] = 1;  // shared by the last leading axis (e.g. the heads)
        }
        break;
    }
    int64_t empty_row = -1;
    if (masking == Masking::FullyMasked || masking == Masking::FullyMaskedAndCausal) {
      int64_t rows = 1;
      for (size_t d = 0; d + 1 < shape.size(); ++d) rows *= shape[d];
      empty_row = *rc::gen::inRange<int64_t>(0, rows).as("fully masked mask row");
    }
    // (With FullyMaskedAndCausal, a row's kept key is any key, not one causality allows: code
    // that adds each mask's bias on its own, finfo.min twice, gives -inf where both hide a key and
    // a mean over the keys one of them allows where the two leave none. Round 51's sdpa did.)
    const bool kept_causally = c.causal && masking != Masking::FullyMaskedAndCausal;
    c.mask =
        random_mask(shape, gen, kept_causally, spec.mask_hides_in_every_row && tk >= 2, empty_row);
  }
  return c;
}

Outcome run_sdpa_property(uint64_t seed, int cases,
                          const std::function<std::optional<Failure>()>& body) {
  // The shapes, the call and the mask are shown; the values' seeds are not --seed.
  std::vector<std::string> hidden = {"rank of the leading axes",
                                     "masking",
                                     "mask shape kind",
                                     "fully masked mask row",
                                     "seed of the values",
                                     "queries with no key",
                                     "attn_mask rather than is_causal",
                                     "first key changed",
                                     "new keys seed"};
  for (int d = 0; d < 3; ++d) {
    hidden.push_back("leading axis " + std::to_string(d));
    for (const char* name : {"q", "k", "v"}) {
      hidden.push_back(std::string(name) + " axis " + std::to_string(d) + " is 1");
    }
  }
  for (const char* name : {"q", "k", "v"})
    hidden.push_back(std::string("leading axes ") + name + " drops");
  return run_property(seed, cases, body, hidden);
}

Run run_learner(const Case& c) {
  announce_case(c.describe());  // so a crash or a timeout still names the case
  wire::Writer args;
  args.tensors({c.q, c.k, c.v, c.mask});
  args.boolean(c.causal);
  Run run;
  remote::call("sdpa", args, [&](wire::Reader& r) { run = r.run(); });
  return run;
}

kt::Tensor run_reference(const Case& c, ref::MaskedRows rows) {
  return ref::sdpa(c.q, c.k, c.v, c.mask, c.causal, rows);
}

kt::Tensor empty_rows(const Case& c) {
  return ref::sdpa_empty_rows(c.q, c.k, c.v, c.mask, c.causal);
}

bool shape_ok(const Case& c, const Run& run) {
  return run.ok() && run.out.sizes() == c.out_shape() && run.out.dtype() == kt::Float64;
}

bool matches(const Case& c, const kt::Tensor& got) {
  if (!got.defined() || got.sizes() != c.out_shape()) return false;
  return close(got, expected_for(c, got));
}

bool empty_rows_ok(const Case& c, const kt::Tensor& got) {
  if (!got.defined() || got.sizes() != c.out_shape()) return false;
  return kt::all(accepted_rows(c, got) | ~empty_rows(c)).item() != 0.0;
}

Failure failure(const Case& c, const kt::Tensor& got, std::string message) {
  Failure f;
  f.message = std::move(message);
  f.counterexample = c.describe();
  show_worst_row(got, expected_for(c, got), f, "out");  // a query's row of d_v values
  return f;
}

Failure failure_from_run(const Case& c, const Run& run) {
  if (run.ok()) {
    Failure f;
    f.counterexample = c.describe();
    // Only what is wrong: the shape, the dtype, or both.
    const std::string dtype(kt::dtype_name(run.out.dtype()));
    if (run.out.sizes() != c.out_shape()) {
      f.message = "the result has shape " + kt::shape_str(run.out.sizes()) + "; expected " +
                  kt::shape_str(c.out_shape()) +
                  " (…, T_q, d_v): the leading axes of q, k and v broadcast, one row per query, "
                  "v's width";
      if (run.out.dtype() != kt::Float64)
        f.message += ". And its dtype is " + dtype + " instead of float64, q's";
    } else {
      f.message = "the result has dtype " + dtype + "; expected float64, q's";
    }
    f.message += ".";
    f.wrong = report::wrong_of(run.out.sizes() != c.out_shape(), run.out.dtype() != kt::Float64);
    return f;
  }
  Failure f = failure_from_throw(run, c.call());
  f.counterexample = c.describe();
  return f;
}

}  // namespace grader::kata_sdpa
