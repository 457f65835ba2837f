// What many training calls on one revealing case tell of how the learner's keep/drop decisions
// depend on each other (Note [independent dropout]).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "grader/katas/mha_train/cases.hpp"

namespace grader::kata_mha_train {

// Note [independent dropout]
// nn.Dropout on the (B, H, T, T) weights decides every weight on its own: kept with probability
// 1 - p, whatever happens to any other weight of any batch entry, head, query or key. A mask drawn
// once as (T, T), or for one head or one batch entry and reused, still drops at the rate p and
// keeps each row's expected sum at 1, so the rate and mean-sum statistics cannot see it; what
// shows it is how the decisions of two weights go together over many calls. The revealing design
// with several heads and batch entries gives every weight's decision on every call (a weight is
// dropped when it reads 0 where attention without dropout gives more than 1e-6; a kept one reads
// w / (1 - p) >= 1e-6, far from 0). Over n calls with one generator, three tests, in order, each
// with a bound no correct solution comes near:
// 1. No weight is kept on every call, nor dropped on every call: for a correct solution that has
//    probability max(p, 1 - p)^n per weight, below 1e-9 at p in [0.3, 0.7] and n = 60.
// 2. No two weights go together on every call (both dropped or both kept, or one exactly when the
//    other is not): probability (p^2 + (1 - p)^2)^n <= 0.58^n (6e-15 at n = 60) per pair, for the
//    at most 324 * 323 / 2 pairs of a case. When every two weights along an axis go together, that
//    axis shares one mask (shared_axes: the pitfall dropout_mask_shared).
// 3. Along each axis, over disjoint pairs of weights that differ only in that axis's index (0 with
//    1, 2 with 3, ...), the sum S of the pairs' sample covariances over the calls, sum_t (x_at -
//    r_a)(x_bt - r_b) with r a weight's own drop rate, is 0 in expectation for independent
//    decisions, with variance about n sum v_a v_b (v = r (1 - r)); the pairs are disjoint, so
//    their terms are independent. |S| beyond 6 standard deviations (plus 1 for the rounding of
//    small samples) is a correlation: weaker than a shared mask (one head's numbers reused as 1 - u
//    in another, say). Each weight's own rate is used, not p, so a wrong rate or a rate that
//    differs from weight to weight is not taken for a dependence (the other checks see those).
// The tests apply only when the output's two copies agree on every call (the dropout acted on the
// weights, else there is no decision to read: dropout_on_output), some weight was dropped, and
// not every call dropped the same weights (no new draws at all: draws_from_gen says so).

namespace {

struct Axis {
  const char* name;      // "batch entries"
  const char* together;  // how the message says it: "in every batch entry"
};
constexpr Axis kAxes[4] = {{"batch entries", "in every batch entry"},
                           {"heads", "in every head"},
                           {"queries", "for every query"},
                           {"keys", "for every key"}};

struct Position {
  int64_t index[4];  // b, h, i, j
  size_t flat;       // in the contiguous (B, H, T, T) weights
};

/// 0.3, 0.7: a probability as the case has it.
std::string probability_text(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", x);
  return text;
}

std::string position_text(const Position& p) {
  return "weights[" + std::to_string(p.index[0]) + ", " + std::to_string(p.index[1]) + ", " +
         std::to_string(p.index[2]) + ", " + std::to_string(p.index[3]) + "]";
}

std::string position_words(const Position& p) {
  return "batch entry " + std::to_string(p.index[0]) + ", head " + std::to_string(p.index[1]) +
         ", query " + std::to_string(p.index[2]) + ", key " + std::to_string(p.index[3]);
}

/// a and b differ in axis `axis` only.
bool along(const Position& a, const Position& b, int axis) {
  for (int d = 0; d < 4; ++d)
    if ((d == axis) == (a.index[d] == b.index[d])) return false;
  return true;
}

/// Row (b, h, i) of one call's flat (B, H, T, T) weights, as "weights[b, h, i, :] = [...]".
std::string row_text(const Case& c, const std::vector<double>& w, int64_t b, int64_t h, int64_t i) {
  std::ostringstream s;
  s.precision(3);
  s << "weights[" << b << ", " << h << ", " << i << ", :] = [";
  for (int64_t j = 0; j < c.T; ++j) {
    const double v = w[size_t(((b * c.H + h) * c.T + i) * c.T + j)];
    s << (j ? ", " : "") << (std::abs(v) <= 1e-9 ? 0.0 : v);
  }
  s << "]";
  return s.str();
}

/// Two rows of one call that differ only along `axis` and drop the same keys (one row for the keys
/// axis: all of it dropped together), from the first call where that shows a drop beside a keep.
std::string example_rows(const Case& c, const std::vector<std::vector<double>>& weights, int axis) {
  const int64_t i = c.T - 1;
  int64_t a[3] = {0, 0, i}, b[3] = {0, 0, i};  // (b, h, i) of the two rows
  if (axis == 0) b[0] = 1;
  if (axis == 1) b[1] = 1;
  if (axis == 2) a[2] = i - 1;
  for (size_t t = 0; t < weights.size(); ++t) {
    const std::vector<double>& w = weights[t];
    bool zero = false, kept = false;
    for (int64_t j = 0; j < c.T; ++j) {
      const double v = w[size_t(((a[0] * c.H + a[1]) * c.T + a[2]) * c.T + j)];
      (std::abs(v) <= 1e-9 ? zero : kept) = true;
    }
    const bool shows = axis == 3 ? zero && !kept : zero && kept;
    if (!shows) continue;
    std::string text = "on call " + std::to_string(t + 1) + ", your weights after dropout " +
                       row_text(c, w, a[0], a[1], a[2]);
    if (axis != 3) text += " and " + row_text(c, w, b[0], b[1], b[2]);
    return text;
  }
  return "";
}

}  // namespace

Case independence_case() {
  return generate_revealing(true, {0.3, 0.5, 0.7}, {.T_min = 3, .several = true});
}

namespace {

/// The entries of the (B, H, T, T) weights where attention without dropout gives more than 1e-6
/// and `readable` (of the flat index) holds.
std::vector<Position> visible_weights(const Case& c, const std::function<bool(size_t)>& readable) {
  std::vector<Position> visible;
  const kt::Tensor expected = reveal(c, run_reference(c)).expected;
  const std::vector<double> e = expected.contiguous().to_vector<double>();
  const kt::Shape s = expected.sizes();  // (B, H, T, T)
  for (int64_t f = 0; f < int64_t(e.size()); ++f) {
    if (e[size_t(f)] <= 1e-6 || !readable(size_t(f))) continue;
    Position p{};
    p.flat = size_t(f);
    int64_t rest = f;
    for (int d = 3; d >= 0; --d) {
      p.index[d] = rest % s[size_t(d)];
      rest /= s[size_t(d)];
    }
    visible.push_back(p);
  }
  return visible;
}

/// The tests of Note [independent dropout] on the decisions dropped[visible weight][call];
/// `weights` ([call]: the flat (B, H, T, T) weights) gives shared_example, or is empty.
Independence analyse(const Case& c, const std::vector<Position>& visible,
                     const std::vector<std::vector<bool>>& dropped,
                     const std::vector<std::vector<double>>& weights);

/// Independence::kept_as_dropout: on every call, the kept weights of each (b, h, i) row are the
/// weights without dropout times one number (relative 1e-6), or the row is uniform (every score of
/// it hidden before the softmax, by a dropout there: softmax of equal scores).
bool kept_as_dropout(const Case& c, const std::vector<Position>& visible,
                     const std::vector<std::vector<bool>>& dropped,
                     const std::vector<std::vector<double>>& weights) {
  const std::vector<double> e =
      reveal(c, run_reference(c)).expected.contiguous().to_vector<double>();
  const auto near = [](double a, double b) {
    return std::abs(a - b) <= 1e-6 * std::max(1.0, std::abs(b));
  };
  for (size_t t = 0; t < weights.size(); ++t) {
    // Of each row (its flat index / T) on this call: the kept weights' one factor, and whether
    // every weight of it is one value.
    std::map<size_t, double> factor, value;
    std::set<size_t> proportional, uniform;
    for (size_t v = 0; v < visible.size(); ++v) {
      const size_t f = visible[v].flat, row = f / size_t(c.T);
      const double w = weights[t][f];
      const auto [first, fresh_value] = value.emplace(row, w);
      if (fresh_value) uniform.insert(row);
      if (!near(w, first->second)) uniform.erase(row);
      if (dropped[v][t]) continue;
      const auto [kept, fresh] = factor.emplace(row, w / e[f]);
      if (fresh) proportional.insert(row);
      if (!near(w / e[f], kept->second)) proportional.erase(row);
    }
    for (const auto& [row, w] : value)
      if (proportional.count(row) == 0 && uniform.count(row) == 0 && factor.count(row) != 0)
        return false;
  }
  return true;
}

}  // namespace

Independence independence(const Case& c, const std::vector<kt::Tensor>& outs) {
  const size_t n = outs.size();
  const std::vector<Position> visible = visible_weights(c, [](size_t) { return true; });
  std::vector<std::vector<bool>> dropped(visible.size(), std::vector<bool>(n));
  std::vector<std::vector<double>> weights(n);  // [call]: the (B, H, T, T) weights, flat
  for (size_t t = 0; t < n; ++t) {
    const Revealed got = reveal(c, outs[t]);
    if (!close(got.first, got.second, 1e-9, 1e-9)) return Independence{};
    weights[t] = got.first.contiguous().to_vector<double>();
    const std::vector<double>& w = weights[t];
    for (size_t v = 0; v < visible.size(); ++v)
      dropped[v][t] = std::abs(w[visible[v].flat]) <= 1e-9;
  }
  Independence found = analyse(c, visible, dropped, weights);
  found.kept_as_dropout = kept_as_dropout(c, visible, dropped, weights);
  if (found.problem.empty() || found.kept_as_dropout) return found;
  // Zeros that go together, on weights that are not a dropout of the right ones: what was dropped
  // came before the attention (Independence::kept_as_dropout), so no mask of the weights is blamed.
  const std::string calls = "over " + std::to_string(n) + " calls with one generator, ";
  const std::string what_is_dropped =
      "the weights left are not the weights without dropout rescaled: within a row they change "
      "by different factors. So the numbers your code drops are not the attention weights: a "
      "dropout before the attention (on the input x, or on q, k or v) drops numbers that every "
      "query and every head reads, not one weight at a time. Dropout belongs on the (B, H, T, T) "
      "weights, after the "
      "softmax and before the product with the values, one draw per weight.";
  found.problem = found.shared_axes.empty()
                      ? found.problem + " Besides, " + what_is_dropped
                      : calls + "the weights your output carries were 0 together " +
                            found.shared_where + " (as one mask of shape " + found.shared_shape +
                            " would drop them), and " + what_is_dropped;
  return found;
}

Independence independence_of_scores(const Case& c, const std::vector<kt::Tensor>& outs) {
  const size_t n = outs.size();
  std::vector<kt::Tensor> first(n);  // each call's weights, revealed when first read
  bool copies_agree = true;          // on every call revealed
  const auto weights_of = [&](size_t t) -> const kt::Tensor& {
    if (!first[t].defined()) {
      const Revealed got = reveal(c, outs[t]);
      copies_agree = copies_agree && close(got.first, got.second, 1e-9, 1e-9);
      first[t] = got.first;
    }
    return first[t];
  };
  const kt::Tensor scores = scores_without_dropout(c);
  for (const double scale : {1.0, 1.0 / (1.0 - c.p)}) {
    std::vector<std::vector<int>> read(n);  // [call]: ScoreDropout::dropped
    bool explained = true, zeroed = false;
    for (size_t t = 0; t < n && explained; ++t) {
      ScoreDropout r = read_score_dropout(scores, weights_of(t), scale);
      explained = r.explained;
      zeroed = zeroed || r.shows_zeroed;
      read[t] = std::move(r.dropped);
    }
    if (!copies_agree) return Independence{};  // dropped after the weights met the values
    if (!explained || !zeroed) continue;
    const std::vector<Position> visible = visible_weights(c, [&](size_t f) {
      for (const std::vector<int>& call : read)
        if (call[f] < 0) return false;
      return true;
    });
    std::vector<std::vector<bool>> dropped(visible.size(), std::vector<bool>(n));
    for (size_t v = 0; v < visible.size(); ++v)
      for (size_t t = 0; t < n; ++t) dropped[v][t] = read[t][visible[v].flat] == 1;
    return analyse(c, visible, dropped, {});
  }
  return Independence{};
}

namespace {

Independence analyse(const Case& c, const std::vector<Position>& visible,
                     const std::vector<std::vector<bool>>& dropped,
                     const std::vector<std::vector<double>>& weights) {
  Independence result;
  const size_t n = dropped.empty() ? 0 : dropped.front().size();
  size_t total_dropped = 0;
  for (const std::vector<bool>& of_weight : dropped)
    for (const bool d : of_weight) total_dropped += d ? 1 : 0;
  const size_t decisions = visible.size() * n;
  if (total_dropped == 0 || total_dropped == decisions) return result;
  bool calls_alike = true;  // no new draws from call to call: draws_from_gen's to name
  for (size_t v = 0; v < visible.size() && calls_alike; ++v)
    for (size_t t = 1; t < n && calls_alike; ++t) calls_alike = dropped[v][t] == dropped[v][0];
  if (calls_alike) return result;
  result.applies = true;
  result.rate = double(total_dropped) / double(decisions);
  const std::string calls = std::to_string(n) + " calls with one generator";

  // 1. A weight decided the same way on every call.
  for (size_t v = 0; v < visible.size(); ++v) {
    size_t k = 0;
    for (size_t t = 0; t < n; ++t) k += dropped[v][t] ? 1 : 0;
    if (k != 0 && k != n) continue;
    result.problem = "over " + calls + ", " + position_text(visible[v]) + " was " +
                     (k == 0 ? "kept" : "dropped") + " on every call, while " +
                     std::to_string(int(std::lround(100 * result.rate))) +
                     "% of all weights were dropped (dropout_p = " + probability_text(c.p) +
                     "). Every weight is dropped with probability p on every call, whatever its "
                     "batch entry, head, query or key.";
    // A whole head or batch entry never dropped (a dropout of one head's weights only): named.
    static const char* const axis_names[2] = {"batch entry", "head"};
    for (int axis : {1, 0}) {
      bool whole = true;
      for (size_t u = 0; u < visible.size() && whole; ++u) {
        if (visible[u].index[axis] != visible[v].index[axis]) continue;
        for (size_t t = 0; t < n && whole; ++t) whole = dropped[u][t] == (k != 0);
      }
      if (!whole) continue;
      result.problem += std::string(" No weight of ") + axis_names[axis] + " " +
                        std::to_string(visible[v].index[axis]) + " was " +
                        (k == 0 ? "dropped" : "kept") + " on any call: your dropout " +
                        (k == 0 ? "leaves that " : "drops all of that ") + axis_names[axis] +
                        (k == 0 ? " out." : ".");
      break;
    }
    return result;
  }

  // 2. Two weights that go together on every call, and the axes along which all of them do.
  const auto mirrors = [&](size_t a, size_t b) {  // one dropped exactly when the other is kept
    for (size_t t = 0; t < n; ++t)
      if (dropped[a][t] == dropped[b][t]) return false;
    return true;
  };
  bool pair_found = false, opposite = false;
  Position pa{}, pb{};
  std::vector<bool> partnered(visible.size());  // decisions copying (or mirroring) another's
  bool axis_pairs[4] = {}, axis_all_together[4] = {true, true, true, true};
  for (size_t a = 0; a < visible.size(); ++a) {
    for (size_t b = a + 1; b < visible.size(); ++b) {
      const bool same = dropped[a] == dropped[b], mirrored = !same && mirrors(a, b);
      if (same || mirrored) {
        partnered[a] = partnered[b] = true;
        if (!pair_found) {
          pair_found = true;
          pa = visible[a];
          pb = visible[b];
          opposite = mirrored;
        }
      }
      for (int d = 0; d < 4; ++d) {
        if (!along(visible[a], visible[b], d)) continue;
        axis_pairs[d] = true;
        axis_all_together[d] = axis_all_together[d] && same;
      }
    }
  }
  bool shared[4];
  int first_shared = -1;
  for (int d = 0; d < 4; ++d) {
    shared[d] = axis_pairs[d] && axis_all_together[d];
    if (shared[d]) result.shared_axes.push_back(kAxes[d].name);
    if (shared[d] && first_shared < 0) first_shared = d;
  }
  if (first_shared >= 0) {
    std::string where, mask_shape = "(";
    const char* sizes[4] = {"B", "H", "T", "T"};
    for (int d = 0; d < 4; ++d) {
      if (shared[d]) where += std::string(where.empty() ? "" : ", and ") + kAxes[d].together;
      mask_shape += std::string(d ? ", " : "") + (shared[d] ? "1" : sizes[d]);
    }
    mask_shape += ")";
    result.shared_where = where;
    result.shared_shape = mask_shape;
    if (!weights.empty()) result.shared_example = example_rows(c, weights, first_shared);
    result.problem = "over " + calls + ", your module dropped the same weights " + where +
                     ": one mask of shape " + mask_shape +
                     " stood for the whole (B, H, T, T) weights (drawn once and broadcast, or "
                     "drawn once and reused). Dropout decides every weight on its own, as "
                     "nn.Dropout on the weights does: draw one number per weight.";
    return result;
  }
  if (pair_found) {
    const size_t partners = size_t(std::count(partnered.begin(), partnered.end(), true));
    result.problem =
        "over " + calls + ", " + position_text(pb) + " (" + position_words(pb) + ") was " +
        (opposite ? "dropped whenever " + position_text(pa) + " (" + position_words(pa) +
                        ") was kept, and kept whenever it was dropped"
                  : "dropped whenever " + position_text(pa) + " (" + position_words(pa) +
                        ") was dropped, and kept whenever it was kept") +
        ", on every call; " +
        (partners == visible.size()
             ? "every one of the " + std::to_string(visible.size())
             : std::to_string(partners) + " of the " + std::to_string(visible.size())) +
        " weights goes with some other weight that way. For two weights drawn independently the "
        "chance of that is below 1e-14: one random number " +
        (opposite ? "(u, and 1 - u) " : "") +
        "decided several weights, as when fewer numbers than weights are drawn and then "
        "rearranged (rolled, repeated, reshaped) to the weights' shape. Every weight needs a "
        "random number of its own: draw kt::rand(weights.sizes(), gen).";
    return result;
  }

  // 3. Along each axis, the disjoint pairs' covariances summed.
  std::vector<double> rate(visible.size());
  for (size_t v = 0; v < visible.size(); ++v) {
    size_t k = 0;
    for (size_t t = 0; t < n; ++t) k += dropped[v][t] ? 1 : 0;
    rate[v] = double(k) / double(n);
  }
  for (int d = 0; d < 4; ++d) {
    double S = 0, variance = 0, same = 0, count = 0, expected_same = 0;
    for (size_t a = 0; a < visible.size(); ++a) {
      if (visible[a].index[d] % 2 != 0) continue;
      for (size_t b = 0; b < visible.size(); ++b) {
        if (visible[b].index[d] != visible[a].index[d] + 1 || !along(visible[a], visible[b], d))
          continue;
        for (size_t t = 0; t < n; ++t) {
          S += (double(dropped[a][t]) - rate[a]) * (double(dropped[b][t]) - rate[b]);
          same += dropped[a][t] == dropped[b][t] ? 1 : 0;
        }
        variance += double(n) * rate[a] * (1 - rate[a]) * rate[b] * (1 - rate[b]);
        expected_same += double(n) * (rate[a] * rate[b] + (1 - rate[a]) * (1 - rate[b]));
        count += double(n);
      }
    }
    if (count == 0) continue;
    const double bound = 6 * std::sqrt(variance) + 1;
    if (std::abs(S) <= bound) continue;
    // sum_t [both kept or both dropped] - its expectation = 2 S for each pair.
    std::ostringstream m;
    m << "over " << calls << ", pairs of weights that differ only in their " << kAxes[d].name
      << " were both kept or both dropped " << std::lround(same) << " times out of "
      << std::lround(count) << ", where independent draws at the same rates give "
      << std::lround(expected_same) << " (a correct solution stays within "
      << std::lround(2 * bound) << " of it: 6 standard deviations). The decisions of different "
      << kAxes[d].name << " are " << (S > 0 ? "correlated" : "anti-correlated")
      << ": every weight needs a random number of its own, drawn independently of the others.";
    result.problem = m.str();
    return result;
  }
  return result;
}

}  // namespace
}  // namespace grader::kata_mha_train
