#include "grader/katas/speculative_decoding/mistakes.hpp"

#include <algorithm>

namespace grader::kata_speculative_decoding {

Made pitfalls_made(const Steps& s) {
  return {.ratio_inverted = s.ratio == Steps::Ratio::QoverP,
          .residual_not_normalized = s.residual == Steps::Residual::NotNormalized,
          .residual_not_clamped = s.residual == Steps::Residual::NotClamped,
          .resample_from_target = s.residual == Steps::Residual::Target,
          .no_bonus_token =
              s.bonus == Steps::Bonus::NoneWithDraw || s.bonus == Steps::Bonus::NoneNoDraw};
}

namespace {

/// The first index whose running sum of w exceeds u, the last index when none does.
int64_t walk(const std::vector<double>& w, double u) {
  double running = 0;
  for (size_t i = 0; i < w.size(); ++i) {
    running += w[i];
    if (running > u) return int64_t(i);
  }
  return int64_t(w.size()) - 1;
}

/// What a rejection of token x at row i draws from, or empty for nothing.
std::vector<double> rejection_weights(const Rows& r, size_t i, size_t x, Steps::Residual how) {
  const std::vector<double>&p = r.p[i], &q = r.q[i];
  std::vector<double> w(p.size());
  double positive = 0;
  for (size_t t = 0; t < p.size(); ++t) positive += p[t] > q[t] ? p[t] - q[t] : 0.0;
  switch (how) {
    case Steps::Residual::Normalized:
      for (size_t t = 0; t < p.size(); ++t) w[t] = (p[t] > q[t] ? p[t] - q[t] : 0.0) / positive;
      return w;
    case Steps::Residual::NotNormalized:
      for (size_t t = 0; t < p.size(); ++t) w[t] = p[t] > q[t] ? p[t] - q[t] : 0.0;
      return w;
    case Steps::Residual::NotClamped:
      for (size_t t = 0; t < p.size(); ++t) w[t] = (p[t] - q[t]) / positive;
      return w;
    case Steps::Residual::Target:
      return p;
    case Steps::Residual::Draft:
      return q;
    case Steps::Residual::Nothing:
      return {};
    case Steps::Residual::TargetWithoutDraft: {
      // (p[x] < 1 where x is rejected: u < p[x] / q[x] holds for every u when p[x] = 1)
      w = p;
      w[x] = 0.0;
      double sum = 0;
      for (const double v : w) sum += v;
      for (double& v : w) v /= sum;
      return w;
    }
    case Steps::Residual::OverMax: {
      double top = 0;
      for (size_t t = 0; t < p.size(); ++t) top = std::max(top, p[t] - q[t]);
      for (size_t t = 0; t < p.size(); ++t) w[t] = (p[t] > q[t] ? p[t] - q[t] : 0.0) / top;
      return w;
    }
  }
  return {};
}

}  // namespace

Replay replay(const Rows& rows, const std::vector<std::vector<int64_t>>& drafts,
              const std::vector<double>& u, const Steps& s) {
  Replay out;
  size_t at = 0;
  const auto next = [&] { return at < u.size() ? u[at++] : 1.0; };
  const size_t k = rows.q.size();
  for (const std::vector<int64_t>& x : drafts) {
    if (s.generator_copied) at = 0;  // a copy made from a gen that never moves
    const size_t first = at;
    std::vector<int64_t> tokens;
    bool rejected = false;
    const double shared_u = s.one_u_for_every_test ? next() : 0.0;
    for (size_t i = 0; i < k && !rejected; ++i) {
      const auto t = size_t(x[i]);
      const double p = rows.p[i][t], q = rows.q[i][t];
      const double bound = s.ratio == Steps::Ratio::PoverQ   ? p / q
                           : s.ratio == Steps::Ratio::QoverP ? q / p
                                                             : p;
      // The u the test compared (none for a test that draws none).
      const bool no_u = s.ratio == Steps::Ratio::AtLeast || s.ratio == Steps::Ratio::Argmax;
      const double tested = no_u ? 0.0 : s.one_u_for_every_test ? shared_u : next();
      const auto most_probable = [&] {
        const std::vector<double>& row = rows.p[i];
        return size_t(std::max_element(row.begin(), row.end()) - row.begin());
      };
      if (s.ratio == Steps::Ratio::AtLeast  ? p >= q
          : s.ratio == Steps::Ratio::Argmax ? t == most_probable()
                                            : tested < bound) {
        tokens.push_back(int64_t(t));
        continue;
      }
      rejected = true;
      if (s.rejected_kept) tokens.push_back(int64_t(t));
      const std::vector<double> w = rejection_weights(rows, i, t, s.residual);
      if (w.empty()) continue;
      switch (s.draw) {
        case Steps::Draw::Walked:
          tokens.push_back(walk(w, next()));
          break;
        case Steps::Draw::RejectedU:
          tokens.push_back(walk(w, tested));
          break;
        case Steps::Draw::Largest:
          tokens.push_back(int64_t(std::max_element(w.begin(), w.end()) - w.begin()));
          break;
      }
    }
    if (!rejected) {
      switch (s.bonus) {
        case Steps::Bonus::Drawn:
          tokens.push_back(walk(rows.p[k], next()));
          break;
        case Steps::Bonus::NoneWithDraw:
          (void)next();
          break;
        case Steps::Bonus::NoneNoDraw:
          break;
        case Steps::Bonus::FromLastDraft:
          tokens.push_back(walk(rows.p[k - 1], next()));
          break;
      }
    }
    out.tokens.push_back(std::move(tokens));
    out.call_draws.push_back(s.generator_copied ? 0 : int64_t(at - first));
    out.draws += out.call_draws.back();
  }
  return out;
}

}  // namespace grader::kata_speculative_decoding
