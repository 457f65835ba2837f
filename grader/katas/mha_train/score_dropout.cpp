// What the weights an output carries tell of a dropout applied to the scores, before the softmax
// (Note [dropout read off the scores]).
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "grader/katas/mha_train/cases.hpp"

namespace grader::kata_mha_train {

// Note [dropout read off the scores]
// A dropout placed before the softmax (dropout_before_softmax) that zeroes scores, as the one that
// belongs after it zeroes weights (kt::where(keep, scores / (1 - p), 0)), leaves no weight at 0:
// the softmax renormalises every row, so the decisions cannot be read as zeros (Note [independent
// dropout]). They can be read off the row itself: with the scores s without dropout known (the
// revealing case's q and k, Note [weights seen through the output]), a row of weights w is the
// softmax of its scores with the keys of a set D set to 0 and the others multiplied by a scale
// (1 / (1 - p) for a rescaled dropout, 1 for one that is not rescaled) for at most one D: two sets
// give the same softmax only when the scores they give differ by one constant on every key, which
// the random scores never do. A causally hidden key (s = -inf, or finfo.min) kept stays at weight
// 0; dropped, its score becomes 0 and it gets weight, so the set includes those keys too. With
// T <= 6 every set is tried (64 per row), each against the row within 1e-9; a row that no set
// explains is not such a dropout (a dropout after the softmax, whose rows do not sum to 1, or one
// that hides dropped scores with finfo.min, whose dropped weights are 0). That last one explains a
// row it keeps whole (with no key dropped) or drops whole (uniform, as all scores set to 0 are), so
// a dropout is taken for one that zeroes scores only where a row shows it (shows_zeroed): a key
// dropped that still gets weight beside a kept one, in every set that explains the row. What the
// reading cannot
// tell: a key whose weight is below 1e-9 both dropped and kept (a row with one large score, or a
// causal row with one visible key and no hidden key dropped); its decision is left unread. So the
// pitfalls that concern the mask still show through such a dropout: its scale (a kept score not
// divided by 1 - p: dropout_not_rescaled) and how its decisions go together
// (dropout_mask_shared, through independence_of_scores).

kt::Tensor scores_without_dropout(const Case& c) {
  const auto heads = [&](const kt::Tensor& w, const kt::Tensor& b) {  // (B, H, T, d_head)
    return (kt::matmul(c.x, w.transpose(0, 1)) + b).view({c.B, c.T, c.H, c.d_head}).transpose(1, 2);
  };
  kt::Tensor s = kt::matmul(heads(c.w.wq, c.w.bq), heads(c.w.wk, c.w.bk).transpose(-2, -1)) /
                 std::sqrt(double(c.d_head));
  if (c.causal)
    s = s.masked_fill(~kt::tril(kt::ones({c.T, c.T}, kt::Bool)),
                      -std::numeric_limits<double>::infinity());
  return s.contiguous();
}

ScoreDropout read_score_dropout(const kt::Tensor& scores, const kt::Tensor& weights, double scale) {
  const std::vector<double> s = scores.contiguous().to_vector<double>();
  const std::vector<double> w = weights.to(kt::Float64).contiguous().to_vector<double>();
  const size_t T = size_t(scores.size(-1));
  ScoreDropout result;
  if (w.size() != s.size() || T == 0 || T > 12) return result;
  result.dropped.assign(s.size(), -2);  // -2: no set read yet
  std::vector<double> e(T);
  for (size_t row = 0; row < s.size(); row += T) {
    bool any = false, zeroed = true;
    for (uint32_t kept = 0; kept < (1u << T); ++kept) {
      double top = -std::numeric_limits<double>::infinity(), sum = 0;
      for (size_t j = 0; j < T; ++j) {
        e[j] = ((kept >> j) & 1u) != 0 ? s[row + j] * scale : 0.0;
        top = std::max(top, e[j]);
      }
      for (size_t j = 0; j < T; ++j) sum += e[j] = std::exp(e[j] - top);
      bool explains = true;
      for (size_t j = 0; j < T && explains; ++j)
        explains = std::abs(e[j] / sum - w[row + j]) <= 1e-9;
      if (!explains) continue;
      any = true;
      bool weighted_dropped = false, weighted_kept = false;
      for (size_t j = 0; j < T; ++j) {
        const int d = ((kept >> j) & 1u) != 0 ? 0 : 1;
        int& known = result.dropped[row + j];
        known = known == -2 || known == d ? d : -1;
        if (w[row + j] > 1e-9) (d == 1 ? weighted_dropped : weighted_kept) = true;
      }
      zeroed = zeroed && weighted_dropped && weighted_kept;
    }
    if (!any) return ScoreDropout{};
    result.shows_zeroed = result.shows_zeroed || zeroed;
  }
  result.explained = true;
  return result;
}

// Note [a dropout before the softmax, and nothing else]
// Weights whose rows sum to 1 and differ from attention without dropout come from many mistakes:
// a dropout of the scores, but also one of x, q or k (a key's features zeroed change its scores by
// amounts no score dropout gives). dropout_before_softmax is claimed only for the weights a
// dropout of the scores makes: every row the softmax of its scores (times 1 / (1 - p) or 1) with
// some keys' scores set to 0 (read_score_dropout), or with some keys hidden (their weight 0, the
// others the softmax over the rest), or uniform over the keys it weighs (every key hidden).
// And only where the decisions are a score's own, not a row's or a key's: some row drops some of
// the keys it sees and keeps others, and some key (seen by two queries) is dropped for one and kept
// for the other. A row kept whole (its scores times 1 / (1 - p)) or dropped whole (uniform) is
// also what a dropout of the queries gives, whose features go with the row
// (wrong/dropout_on_queries.cpp, named dropout_before_softmax on seeds 5 and 6 where every row of
// an output was one or the other); a key kept or dropped for every query is what a dropout of the
// keys gives when each key's features are all kept or all dropped.

namespace {

/// Every row of w (T wide) is uniform over the keys it weighs, or is 0 off a set of keys and, on
/// them, the softmax of the row's scores times `scale` (within 1e-9).
bool rows_hide_dropped(const std::vector<double>& s, const std::vector<double>& w, size_t T,
                       double scale) {
  for (size_t row = 0; row < s.size(); row += T) {
    // Every key of the row hidden: uniform over the keys, or over the visible ones when causality
    // hid the others with -inf (the dropped ones with the lowest double, which then wins).
    double top_weight = 0;
    for (size_t j = 0; j < T; ++j) top_weight = std::max(top_weight, w[row + j]);
    bool uniform = top_weight > 0;
    for (size_t j = 0; j < T && uniform; ++j)
      uniform = w[row + j] <= 1e-12 || std::abs(w[row + j] - top_weight) <= 1e-9;
    if (uniform) continue;
    double top = -std::numeric_limits<double>::infinity(), sum = 0;
    for (size_t j = 0; j < T; ++j)
      if (w[row + j] > 0) {
        if (!std::isfinite(s[row + j])) return false;
        top = std::max(top, s[row + j] * scale);
      }
    for (size_t j = 0; j < T; ++j)
      if (w[row + j] > 0) sum += std::exp(s[row + j] * scale - top);
    for (size_t j = 0; j < T; ++j) {
      const double want = w[row + j] > 0 ? std::exp(s[row + j] * scale - top) / sum : 0.0;
      if (std::abs(want - w[row + j]) > 1e-9) return false;
    }
  }
  return true;
}

/// The decisions a dropout that hides dropped scores shows, per entry of the flat (B, H, T, T)
/// weights: 1 a key seen (finite score) with weight exactly 0 (a kept row's softmax at 1 / (1 - p)
/// can give 1e-13, never 0), 0 one with weight, -1 unread (a hidden key, a row that weighs every
/// key it sees alike: every key dropped, or none).
std::vector<int> hidden_decisions(const std::vector<double>& s, const std::vector<double>& w,
                                  size_t T) {
  std::vector<int> decided(s.size(), -1);
  for (size_t row = 0; row < s.size(); row += T) {
    double top = 0;
    for (size_t j = 0; j < T; ++j) top = std::max(top, w[row + j]);
    bool alike = true;  // (one key weighed among several seen is a row that keeps one)
    for (size_t j = 0; j < T && alike; ++j)
      alike = !std::isfinite(s[row + j]) || std::abs(w[row + j] - top) <= 1e-9;
    if (alike) continue;
    for (size_t j = 0; j < T; ++j)
      if (std::isfinite(s[row + j])) decided[row + j] = w[row + j] <= 0 ? 1 : 0;
  }
  return decided;
}

/// Whether some line of a head's T x T decisions (a row when !columns, a column otherwise) drops a
/// score it reads and keeps another (`decided` as hidden_decisions gives it).
bool a_line_decides_both_ways(const std::vector<double>& s, const std::vector<int>& decided,
                              size_t T, bool columns) {
  const size_t along = columns ? T : 1, across = columns ? 1 : T;
  for (size_t head = 0; head < s.size(); head += T * T)
    for (size_t line = 0; line < T; ++line) {
      bool kept = false, dropped = false;
      for (size_t n = 0; n < T; ++n) {
        const size_t at = head + line * across + n * along;
        if (std::isfinite(s[at]) && decided[at] >= 0) (decided[at] == 1 ? dropped : kept) = true;
      }
      if (kept && dropped) return true;
    }
  return false;
}

/// Some row drops a key it sees and keeps another, and some key seen by two queries of a head is
/// dropped for one and kept for the other.
bool decided_per_score(const std::vector<double>& s, const std::vector<int>& decided, size_t T) {
  return a_line_decides_both_ways(s, decided, T, false) &&
         a_line_decides_both_ways(s, decided, T, true);
}

}  // namespace

bool explained_by_score_dropout(const Case& c, const kt::Tensor& weights) {
  const kt::Tensor scores = scores_without_dropout(c);
  const std::vector<double> s = scores.contiguous().to_vector<double>();
  const std::vector<double> w = weights.to(kt::Float64).contiguous().to_vector<double>();
  const size_t T = size_t(scores.size(-1));
  if (w.size() != s.size() || T == 0) return false;
  for (const double scale : {1.0 / (1.0 - c.p), 1.0}) {
    const ScoreDropout zeroed = read_score_dropout(scores, weights, scale);
    if (zeroed.explained && zeroed.shows_zeroed && decided_per_score(s, zeroed.dropped, T))
      return true;
    if (rows_hide_dropped(s, w, T, scale) && decided_per_score(s, hidden_decisions(s, w, T), T))
      return true;
  }
  return false;
}

}  // namespace grader::kata_mha_train
