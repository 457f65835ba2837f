#include "grader/katas/mha_family/detect.hpp"
#include "grader/katas/mha_family/detectors.hpp"

#include <cmath>
#include <utility>
#include <vector>

#include "grader/katas/mha_family/journey.hpp"

namespace grader::mha {

Failure cannot_check(const Case& c, const Run& run, const std::string& what) {
  return could_not_check(failure_from_run(c, run), what);
}

Failure found_pitfall(const Case& c, const Run& run, const char* id, std::string message) {
  Failure f;
  f.pitfall = id;
  f.counterexample = c.describe();
  f.message = std::move(message);
  show_worst_row(run.out, run_reference(c), f);
  f.after_shrinking = [c](Failure& shrunk) { shrunk.attention_map = attention_map(c); };
  return f;
}

bool nan_only_where_nothing_to_attend(const Case& c, const Run& run) {
  if (!run.ok() || all_finite(run.out)) return false;
  const kt::Tensor empty_rows = ref::fully_masked_queries(c.B, c.T, c.H, false, c.mask);
  // Normalised over the queries instead (softmax_wrong_dim beside it), -inf turns the weights of
  // a key that no query may attend to into NaN, and they reach every query of its batch entry.
  const kt::Tensor empty_keys =
      ref::fully_masked_queries(c.B, c.T, c.H, false, c.mask.transpose(-2, -1));
  // The rows NaN are exactly those, one way or the other: code NaN elsewhere, and finite on a
  // fully masked row, is another mistake (a hand softmax whose row maxima, taken without keepdim,
  // shift each row by another's: NaN on a row that keeps a key, where the column of a key no
  // query may attend to made the whole batch entry "may be NaN"; named neg_inf_nan once masks
  // kept other keys than the diagonal, Note [the key a mask row keeps] in cases.cpp).
  const kt::Tensor entries_with_an_empty_key = kt::any(empty_keys, -1, true);  // (B, 1)
  const kt::Tensor bad_rows = kt::any(~kt::isfinite(run.out), -1);             // (B, T)
  const auto exactly = [&](const kt::Tensor& rows) {
    return kt::any((bad_rows & ~rows) | (~bad_rows & rows)).item() == 0.0;
  };
  if (!exactly(empty_rows) && !exactly(entries_with_an_empty_key)) return false;
  Case fixed = c;
  fixed.mask = c.mask | kt::eye(c.T, c.T, kt::Bool);
  // With nothing left masked, masking after the softmax would be finite there too (T = 1).
  if (kt::all(fixed.mask).item() != 0.0) return false;
  const Run with_diagonal = run_learner(fixed);
  if (!with_diagonal.ok() || !sane(with_diagonal.out)) return false;
  // A softmax by hand without the row maximum gives the same 0 / 0 on a row of finfo.min, and
  // overflows where -inf with kt::softmax does not: on scores in the thousands, no row fully
  // masked. The first scale of x that makes that softmax overflow tells them apart; a case none
  // does (weights near 0) tells nothing, and names nothing.
  // And finite at the largest scale too: a softmax that subtracts one maximum for the whole tensor
  // (amax with no dim) gives the same 0 / 0 on a fully masked row, does not overflow, but
  // underflows every row whose scores lie far below the largest (mha_function's
  // wrong/hand_softmax_global_max, named neg_inf_nan on seed 2 of round 51's grading).
  const auto sane_at = [&](double scale) {
    Case large = fixed;
    large.x = fixed.x * scale;
    const Run run_large = run_learner(large);
    return run_large.ok() && sane(run_large.out);
  };
  for (const double scale : {10.0, 100.0, 1000.0}) {
    Case large = fixed;
    large.x = fixed.x * scale;
    if (sane(run_mistakes(large, {.softmax_without_max = true}))) continue;
    return sane_at(scale) && (scale == 1000.0 || sane_at(1000.0));
  }
  return false;
}

std::vector<Case> weight_orientations(const Case& c) {
  std::vector<Case> out = {c};
  if (kata_call().linear_modules) return out;
  // Weights passed as matrices (x @ W): any of the four applied as x @ Wᵀ, weight_transposed's
  // mistake, which the case simulates as the nn.Linear weight transposed.
  for (int subset = 1; subset < 16; ++subset) {
    Case t = c;
    kt::Tensor* weights[] = {&t.w.wq, &t.w.wk, &t.w.wv, &t.w.wo};
    for (int i = 0; i < 4; ++i)
      if (subset >> i & 1) *weights[i] = weights[i]->transpose(0, 1).contiguous();
    out.push_back(std::move(t));
  }
  return out;
}

bool computes_mistake(const Case& c, const kt::Tensor& got, const Mistakes& mistakes) {
  // With the weights as the learner applied them, the mistake and not its absence: so a double
  // with weight_transposed is named too.
  for (const Case& w : weight_orientations(c))
    if (close(got, run_mistakes(w, mistakes)) && !close(got, run_mistakes(w, {}))) return true;
  return false;
}

bool computes_mistake_under_any_split(const Case& c, const kt::Tensor& got, Mistakes mistake) {
  for (const Case& w : weight_orientations(c)) {
    for (HeadSplit split : {HeadSplit::Contiguous, HeadSplit::Strided, HeadSplit::NoTranspose}) {
      for (bool tiled : {false, true}) {
        if (tiled && (c.Hkv == 1 || c.Hkv == c.H)) continue;  // tiling changes nothing there
        for (bool merged_from_memory : {false, true}) {       // merge_without_transpose beside it
          for (bool over_queries : {false, true}) {           // softmax_wrong_dim beside it
            mistake.split = split;
            mistake.kv_tiled = tiled;
            mistake.merge_memory_order = merged_from_memory;
            mistake.softmax_over_queries = over_queries;
            const Mistakes without{.split = split,
                                   .merge_memory_order = merged_from_memory,
                                   .softmax_over_queries = over_queries,
                                   .kv_tiled = tiled};
            if (close(got, run_mistakes(w, mistake)) && !close(got, run_mistakes(w, without)))
              return true;
          }
        }
      }
    }
  }
  return false;
}

bool scale_stands_apart(const Case& c, double divisor) {
  const double dk = double(c.dk), H = double(c.H), Hkv = double(c.Hkv);
  // What a learner divides the scores by: 1, sqrt(d_head) (right), d_head, sqrt(d_model),
  // d_model, sqrt(num_heads), num_heads; a size read from another axis, the sequence length or
  // the batch, whole or square-rooted (T divided by where T = d_head was named scale_by_d_head);
  // with grouped heads also k_proj's width and the number of kv heads, whole or square-rooted
  // (num_kv_heads * d_head read as "d_k").
  const double T = double(c.T), B = double(c.B);
  std::vector<double> divisors = {1.0, std::sqrt(dk), dk, std::sqrt(dk * H), dk * H, std::sqrt(H),
                                  H,   std::sqrt(T),  T,  std::sqrt(B),      B};
  // (Not every formula: d_model / num_kv_heads, which is d_head where the group is, would leave
  // gqa's draws next to no case. A formula of other sizes that gives the pitfall's number on the
  // case parts from it when one size moves: Note [a scale confirmed with one size moved].)
  if (c.Hkv != c.H)
    divisors.insert(divisors.end(), {std::sqrt(dk * Hkv), dk * Hkv, std::sqrt(Hkv), Hkv});
  int equal = 0;
  for (const double d : divisors) equal += std::abs(d - divisor) <= 1e-12 * divisor ? 1 : 0;
  return equal == 1;
}

namespace {

/// The case with the sizes given and the rest as in c: x and the weights drawn again for them.
Case resized(const Case& c, int64_t B, int64_t T, int64_t H, int64_t Hkv, int64_t dk) {
  Case r = c;
  r.B = B;
  r.T = T;
  r.H = H;
  r.Hkv = Hkv;
  r.dk = dk;
  r.mask = kt::Tensor();
  r.mask_text.clear();
  kt::Generator gen(uint64_t((((B * 17 + T) * 17 + H) * 17 + Hkv) * 17 + dk));
  draw_weights(r, gen, 0.1);
  r.x = kt::randn({B, T, r.D()}, gen);
  return r;
}

/// Note [a scale confirmed with one size moved]: the output tells the number the scores were
/// divided by, not the formula that gave it; on one case a formula of other sizes can give the
/// pitfall's number (sqrt(d_model / num_kv_heads) = d_head when the group is d_head), and
/// scale_stands_apart lists the formulas we thought of. The pitfall is named only when it explains
/// the case again with each size moved alone (T, B, d_head, the group, the number of kv heads): a
/// formula that reads another size, or reads d_head in another way, parts from it on one of them.
bool explained_with_each_size_moved(const Case& c, const Mistakes& mistake) {
  const int64_t group = c.H / c.Hkv;
  std::vector<Case> moved = {resized(c, c.B, c.T + 1, c.H, c.Hkv, c.dk),
                             resized(c, c.B + 1, c.T, c.H, c.Hkv, c.dk),
                             resized(c, c.B, c.T, c.H, c.Hkv, c.dk + 1)};
  if (kata_call().grouped) {
    moved.push_back(resized(c, c.B, c.T, c.H + c.Hkv, c.Hkv, c.dk));      // one more per group
    moved.push_back(resized(c, c.B, c.T, c.H + group, c.Hkv + 1, c.dk));  // one more group
  } else {
    moved.push_back(resized(c, c.B, c.T, c.H + 1, c.Hkv + 1, c.dk));
  }
  for (const Case& m : moved) {
    const Run run = run_learner(m);
    if (!shape_ok(m, run) || !computes_mistake_under_any_split(m, run.out, mistake)) return false;
  }
  return true;
}

}  // namespace

Outcome check_scale_pitfall(uint64_t seed, const char* id, const Mistakes& mistake, int64_t dk_min,
                            const std::function<double(const Case&)>& divides_by,
                            const std::function<std::string(const Case&)>& message) {
  return run_mha_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    Spec spec = several_heads(Masking::NotCausal);
    spec.dk_min = dk_min;
    // In gqa, num_kv_heads < num_heads: with as many kv heads as query heads, k_proj's width is
    // d_model, and dividing by its square root would be taken for scale_by_d_model.
    spec.proper_groups = true;
    const Case c = generate(spec);
    if (!scale_stands_apart(c, divides_by(c))) return std::nullopt;
    const Run run = run_learner(c);
    if (!shape_ok(c, run)) return cannot_check(c, run, "the score scale");
    if (!computes_mistake_under_any_split(c, run.out, mistake)) return std::nullopt;
    if (!explained_with_each_size_moved(c, mistake)) return std::nullopt;
    return found_pitfall(c, run, id, message(c));
  });
}

FamilyPitfall::FamilyPitfall(const FamilyDetector& detector) {
  registry().push_back({report::pitfall_check(detector.id), detector.title, detector.run});
}

}  // namespace grader::mha
