#include "grader/katas/sdpa/detect.hpp"

#include <vector>

#include "grader/katas/sdpa/catalogue.hpp"
#include "grader/katas/sdpa/journey.hpp"

namespace grader::kata_sdpa {

Spec unmasked_distinct_scales() {
  return {.t_min = 2, .t_max = 5, .d_max = 6, .masking = Masking::None, .distinct_scales = true};
}

Spec masked_no_empty_rows(Masking masking) {
  return {.t_min = 1, .t_max = 5, .d_max = 4, .masking = masking};
}

std::optional<Failure> cannot_check(const Case& c, const Run& run, const std::string& id) {
  if (run.ok() && run.out.sizes() == c.out_shape()) return std::nullopt;
  Failure f = could_not_check(failure_from_run(c, run), id);
  // Code that throws where a catalogued mistake cannot run (a mask transposed where T_q != T_k)
  // is that mistake here too: the diagnosis joins this check to the others' cause.
  if (run.threw_error()) diagnose_after_shrinking(f, c);
  return f;
}

bool computes(const Case& c, const kt::Tensor& got, const Mistakes& mistakes) {
  const kt::Tensor mistake = sdpa_with_mistakes(c, mistakes);
  return mistake.defined() && close(got, mistake);
}

namespace {

/// The softmax axes a case can be normalised along: the keys' (-1), then every other axis of the
/// scores.
std::vector<int64_t> softmax_axes(const Case& c) {
  std::vector<int64_t> axes = {-1};
  const auto rank = int64_t(c.out_shape().size());
  for (int64_t axis = 0; axis < rank - 1; ++axis) axes.push_back(axis);
  return axes;
}

}  // namespace

bool shows_scale(const Case& c, const kt::Tensor& got, Scale scale) {
  for (int64_t axis : softmax_axes(c)) {
    if (computes(c, got, {.scale = scale, .softmax_axis = axis}) &&
        !computes(c, got, {.softmax_axis = axis})) {
      return true;
    }
  }
  return false;
}

namespace {

/// The case with `rows` more queries, `keys` more keys and values, and `dk` / `dv` more columns of
/// q and k / v, the new entries drawn at random.
Case grown(const Case& c, int64_t rows, int64_t keys, int64_t dk, int64_t dv) {
  kt::Generator gen(uint64_t(c.Tq() * 1000 + c.Tk() * 100 + c.dk() * 10 + c.dv()));
  const auto grow = [&](const kt::Tensor& t, int64_t more_rows, int64_t more_columns) {
    kt::Tensor out = t;
    kt::Shape s = out.sizes();
    s[s.size() - 2] = more_rows;
    if (more_rows > 0) out = kt::cat({out, kt::randn(s, gen)}, -2);
    s = out.sizes();
    s.back() = more_columns;
    if (more_columns > 0) out = kt::cat({out, kt::randn(s, gen)}, -1);
    return out;
  };
  Case larger = c;
  larger.q = grow(c.q, rows, dk);
  larger.k = grow(c.k, keys, dk);
  larger.v = grow(c.v, keys, dv);
  return larger;
}

/// The case with one more leading (batch) axis of size 2 in front: its two entries the case's own
/// inputs and new ones drawn at random.
Case batched(const Case& c) {
  kt::Generator gen(uint64_t(c.q.numel() * 7 + c.k.numel()));
  const auto two = [&](const kt::Tensor& t) {
    return kt::stack({t, kt::randn(t.sizes(), gen)}, 0);
  };
  Case more = c;
  more.q = two(c.q);
  more.k = two(c.k);
  more.v = two(c.v);
  return more;
}

/// shows_scale on a longer, a wider and a batched case, running the learner on them.
bool still_shows_scale(const Case& c, Scale scale) {
  // Longer (the widths, and so every real scale, unchanged), then wider (the lengths unchanged),
  // then with a batch axis of 2 in front (a size read from the first axis: 1 where there was
  // none, or a batch of 1, divided the scores by nothing: named missing_scale).
  for (const Case& larger : {grown(c, 1, 2, 0, 0), grown(c, 0, 0, 1, 2), batched(c)}) {
    const Run run = run_learner(larger);
    if (!run.ok() || !shows_scale(larger, run.out, scale)) return false;
  }
  return true;
}

}  // namespace

Outcome check_scale_pitfall(uint64_t seed, Scale scale, const char* id,
                            const std::function<std::string(const Case&)>& message) {
  return run_sdpa_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(unmasked_distinct_scales());
    const Run run = run_learner(c);
    if (auto stopped = cannot_check(c, run, id)) return stopped;
    if (matches(c, run.out) || !shows_scale(c, run.out, scale) || !still_shows_scale(c, scale)) {
      return std::nullopt;
    }
    return found_pitfall(c, run.out, id, message(c));
  });
}

std::optional<int64_t> shows_softmax_axis(const Case& c, const kt::Tensor& got) {
  for (int64_t axis : softmax_axes(c)) {
    if (axis == -1) continue;
    for (Scale scale : kScales) {
      if (computes(c, got, {.scale = scale, .softmax_axis = axis}) &&
          !computes(c, got, {.scale = scale})) {
        return axis;
      }
    }
  }
  return std::nullopt;
}

namespace {

/// Whether a query's output is exactly 0 with the mistakes: after the softmax, a mask (inverted,
/// or aligned top-left) hides all of its keys. Any code whose output is 0 there fits, whatever its
/// mistake (values centred on a single key give 0 too): no evidence (Note [sdpa detectors]).
bool zero_query(const Case& c, const Mistakes& m) {
  if (!m.mask_after_softmax) return false;
  const kt::Tensor out = sdpa_with_mistakes(c, m);
  return out.defined() && kt::any(kt::all(out == 0.0, -1)).item() != 0.0;
}

}  // namespace

bool shows_mistake(const Case& c, const kt::Tensor& got, Mistakes mistake) {
  // The other masking pitfalls that can show on the case, each on or off beside it.
  std::vector<bool Mistakes::*> others;
  for (bool Mistakes::*other :
       {&Mistakes::mask_after_softmax, &Mistakes::mask_inverted, &Mistakes::causal_top_left}) {
    if (mistake.*other) continue;
    if (other == &Mistakes::mask_inverted && !c.mask.defined()) continue;
    if (other == &Mistakes::causal_top_left && !c.causal) continue;
    others.push_back(other);
  }
  for (size_t on = 0; on < (size_t(1) << others.size()); ++on) {
    Mistakes with = mistake, without;  // without: the same, but for the mistake itself
    for (size_t i = 0; i < others.size(); ++i) {
      if ((on >> i & 1U) != 0) with.*others[i] = without.*others[i] = true;
    }
    for (int64_t axis : softmax_axes(c)) {
      // Along an axis of size 1 every weight is 1: the mask after such a softmax is the mask
      // alone, and a key a query may attend weighs 1 as if it were its only one.
      if (axis != -1 && c.out_shape()[size_t(axis)] < 2) continue;
      for (Scale scale : kScales) {
        with.scale = without.scale = scale;
        with.softmax_axis = without.softmax_axis = axis;
        if (computes(c, got, with) && !computes(c, got, without) && !zero_query(c, with))
          return true;
      }
    }
  }
  return false;
}

Failure found_pitfall(const Case& c, const kt::Tensor& got, const char* id, std::string message) {
  Failure f = failure(c, got, std::move(message));
  f.pitfall = id;
  f.after_shrinking = [c](Failure& shrunk) { shrunk.attention_map = attention_map(c); };
  return f;
}

}  // namespace grader::kata_sdpa
