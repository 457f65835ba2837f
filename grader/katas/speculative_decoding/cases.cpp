#include "grader/katas/speculative_decoding/cases.hpp"

#include <rapidcheck.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

#include "grader/lib/compare.hpp"
#include "grader/lib/draws.hpp"
#include "grader/lib/remote.hpp"
#include "grader/lib/words.hpp"
#include "reference/speculative_decoding/speculative_decoding.hpp"

namespace grader::kata_speculative_decoding {

// Note [speculative_decoding's tolerance]
// A token is an index: what rounding can change is on which side of a boundary a u falls, the
// ratio p[x] / q[x] (computed as u * q < p it rounds otherwise) or a running sum of a draw. So no
// case lets one of the statement's decisions sit within 1e-9 of its boundary (generate draws the
// next generator seed instead): there every correct program takes the statement's branch, and the
// tokens and the number of draws are compared exactly.

namespace {

std::vector<std::vector<double>> rows_of(const kt::Tensor& t) {
  const std::vector<double> flat = t.to(kt::Float64).contiguous().to_vector<double>();
  const auto n = size_t(t.size(0)), v = size_t(t.size(1));
  std::vector<std::vector<double>> rows;
  for (size_t i = 0; i < n; ++i)
    rows.emplace_back(flat.begin() + long(i * v), flat.begin() + long((i + 1) * v));
  return rows;
}

std::string tokens_text(const std::vector<int64_t>& t) {
  std::string s = "[";
  for (size_t i = 0; i < t.size() && i < 12; ++i) s += (i ? ", " : "") + std::to_string(t[i]);
  if (t.size() > 12) s += ", ... (" + std::to_string(t.size()) + ")";
  return s + "]";
}

std::string row_text(const std::vector<double>& r) {
  std::string s = "[";
  for (size_t i = 0; i < r.size(); ++i) s += (i ? ", " : "") + number(r[i]);
  return s + "]";
}

/// Whether a decision of the statement's steps on the case lies within 1e-9 of its boundary.
bool near_boundary(const Case& c) {
  const Rows r = c.rows();
  const std::vector<double> u = c.uniforms();
  size_t at = 0;
  const auto near = [](double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(1.0, b); };
  const auto draw_near = [&](const std::vector<double>& w, double x) {
    double running = 0;
    for (double e : w)
      if (near(x, running += e)) return true;
    return false;
  };
  const auto k = size_t(c.k());
  for (const auto& x : c.drafts) {
    bool rejected = false;
    for (size_t i = 0; i < k && !rejected; ++i) {
      const auto t = size_t(x[i]);
      const double ratio = r.p[i][t] / r.q[i][t], ui = u[at++];
      if (near(ui, ratio)) return true;
      if (ui < ratio) continue;
      rejected = true;
      if (draw_near(ref::residual(r.p[i], r.q[i]), u[at++])) return true;
    }
    if (!rejected && draw_near(r.p[k], u[at++])) return true;
  }
  return false;
}

}  // namespace

Spec detector_spec(Target target) {
  return {.v_min = 3, .v_max = 8, .k_min = 1, .k_max = 4, .target = target, .calls = 100};
}

Rows Case::rows() const { return {rows_of(draft_probs), rows_of(target_probs)}; }

std::vector<double> Case::uniforms() const {
  kt::Generator gen(gen_seed);
  std::vector<double> u;
  for (int64_t i = 0; i < (k() + 1) * calls(); ++i) u.push_back(gen.uniform());
  return u;
}

std::vector<std::pair<std::string, std::string>> Case::describe() const {
  std::vector<std::pair<std::string, std::string>> d = {
      {"K (draft tokens), V (tokens)", draft_probs.dim() == 2
                                           ? std::to_string(k()) + ", " + std::to_string(v())
                                           : "draft_probs is not 2-D"},
      {"values", values},
      {"draft_probs", values_text(draft_probs)},
      {"target_probs", values_text(target_probs)},
      {"generator", "kt::Generator gen(" + std::to_string(gen_seed) + ")"}};
  std::string drafts_text;
  for (size_t i = 0; i < drafts.size() && i < 4; ++i)
    drafts_text += (i ? ", " : "") + tokens_text(drafts[i]);
  if (drafts.size() > 4) drafts_text += ", ...";
  d.emplace_back("calls", std::to_string(calls()) + " call" + (calls() == 1 ? "" : "s") +
                              " of speculative_step(draft_probs, draft_tokens, target_probs, gen)" +
                              (calls() == 1 ? ""
                                            : ", one after the other, each with its own "
                                              "draft_tokens (drawn from q)") +
                              ": draft_tokens " + drafts_text);
  return d;
}

Case generate(const Spec& spec) {
  const auto v = *rc::gen::inRange(spec.v_min, spec.v_max + 1).as("V (tokens)");
  const auto k = *rc::gen::inRange(spec.k_min, spec.k_max + 1).as("K (draft tokens)");
  const auto seed = *rc::gen::inRange<uint64_t>(0, 1000000).as("seed of the values");
  kt::Generator gen(seed);
  Case c;
  // Probabilities rounded to 1e-4 (then renormalised), so that they read as shown.
  const auto rounded = [&](const kt::Tensor& logits) {
    kt::Tensor probs = kt::softmax(logits, -1);
    std::vector<double> x = probs.to_vector<double>();
    const auto n = size_t(logits.size(-1));
    for (size_t row = 0; row < x.size() / n; ++row) {
      double sum = 0;
      for (size_t j = 0; j < n; ++j)
        sum += x[row * n + j] = std::max(1.0, std::round(x[row * n + j] * 1e4));
      for (size_t j = 0; j < n; ++j) x[row * n + j] /= sum;
    }
    return kt::from_vector(x, logits.sizes());
  };
  const kt::Tensor draft_logits = kt::randn({k, v}, gen) * 2.0;
  c.draft_probs = rounded(draft_logits);
  switch (spec.target) {
    case Target::Random: {
      const kt::Tensor noise = kt::randn({k + 1, v}, gen) * 1.5;
      const kt::Tensor base = kt::cat({draft_logits, kt::randn({1, v}, gen) * 2.0}, 0);
      c.target_probs = rounded(base + noise);
      c.values =
          "q = softmax(2 * randn), p = softmax of the same logits + 1.5 * randn (p_K: "
          "2 * randn + 1.5 * randn), rounded to 1e-4";
      break;
    }
    case Target::Same:
      c.target_probs = kt::cat({c.draft_probs, rounded(kt::randn({1, v}, gen) * 2.0)}, 0);
      c.values =
          "q = softmax(2 * randn) rounded to 1e-4; p_i = q_i for i < K, p_K = "
          "softmax(2 * randn)";
      break;
    case Target::Apart:
      c.target_probs = rounded(kt::randn({k + 1, v}, gen) * 2.5);
      c.values = "q = softmax(2 * randn), p = softmax(2.5 * randn), unrelated, rounded to 1e-4";
      break;
  }
  // The drafts: token i of each drawn from q_i by the grader's own generator.
  const Rows r{rows_of(c.draft_probs), {}};
  for (int64_t call = 0; call < spec.calls; ++call) {
    std::vector<int64_t> x;
    for (int64_t i = 0; i < k; ++i) {
      const double u = gen.uniform();
      double running = 0;
      int64_t t = v - 1;
      for (int64_t j = 0; j < v; ++j)
        if ((running += r.q[size_t(i)][size_t(j)]) > u) {
          t = j;
          break;
        }
      x.push_back(t);
    }
    c.drafts.push_back(std::move(x));
  }
  c.gen_seed = *rc::gen::inRange<uint64_t>(1, 1000000).as("generator seed");
  while (near_boundary(c)) ++c.gen_seed;
  return c;
}

Outcome run_speculative_property(uint64_t seed, int cases,
                                 const std::function<std::optional<Failure>()>& body, bool shrink) {
  return run_property(seed, cases, body,
                      {"the argument outside the API", "seed of the values", "generator seed",
                       "V (tokens)", "K (draft tokens)", "target"},
                      shrink);
}

Called call_learner_on(const Case& c) {
  announce_case(c.describe());  // so a crash or a timeout still names the case
  wire::Writer args;
  args.tensor(c.draft_probs);
  args.tensor(c.target_probs);
  std::vector<int64_t> packed;  // per call: its count, then its draft tokens
  for (const auto& x : c.drafts) {
    packed.push_back(int64_t(x.size()));
    packed.insert(packed.end(), x.begin(), x.end());
  }
  args.tensor(kt::from_vector(packed, {int64_t(packed.size())}));
  args.u64(c.gen_seed);
  Called called;
  kt::Generator after;
  remote::call("speculative_decoding", args, [&](wire::Reader& r) {
    called.run = r.run();
    r.raw(&after, sizeof after);
    called.changed = r.boolean();
  });
  if (called.run.ok()) {
    // Per call: its count, its tokens, then the numbers it took from gen (call.cpp).
    const std::vector<int64_t> p = called.run.out.to(kt::Int64).to_vector<int64_t>();
    for (size_t i = 0; i < p.size();) {
      const auto n = size_t(std::max<int64_t>(0, p[i++]));
      if (n >= p.size() - i) break;
      called.tokens.emplace_back(p.begin() + long(i), p.begin() + long(i + n));
      i += n;
      called.call_draws.push_back(p[i++]);
    }
  }
  called.draws = draws_taken(c.gen_seed, after, (c.k() + 1) * c.calls() * 4 + 16);
  return called;
}

Replay replay_with(const Case& c, const Steps& steps) {
  return replay(c.rows(), c.drafts, c.uniforms(), steps);
}

Replay reference_replay(const Case& c) { return replay_with(c, Steps{}); }

bool same(const Called& called, const Replay& r) {
  return called.tokens == r.tokens && called.draws == r.draws;
}

std::string explain_call(const Case& c, size_t call, const Called& called) {
  const Rows r = c.rows();
  const std::vector<double> u = c.uniforms();
  // The uniforms the statement's earlier calls took.
  const Replay before = replay(r, {c.drafts.begin(), c.drafts.begin() + long(call)}, u, Steps{});
  size_t at = size_t(before.draws);
  const std::vector<int64_t>& x = c.drafts[call];
  std::string text = "call " + std::to_string(call + 1) + " (draft_tokens " + tokens_text(x) + ")";
  const auto k = size_t(c.k());
  std::vector<int64_t> want;
  bool rejected = false;
  for (size_t i = 0; i < k && !rejected; ++i) {
    const auto t = size_t(x[i]);
    const double ratio = r.p[i][t] / r.q[i][t], ui = u[at++];
    const std::string sub = std::to_string(i);
    text += (i ? "; " : ": ") + std::string("u = ") + number(ui) + (ui < ratio ? " < " : " >= ") +
            "p_" + sub + "[" + std::to_string(t) + "] / q_" + sub + "[" + std::to_string(t) +
            "] = " + number(r.p[i][t]) + " / " + number(r.q[i][t]) + " = " + number(ratio) +
            (ui < ratio ? ", so " + std::to_string(t) + " is accepted" : ", so it is rejected");
    if (ui < ratio) {
      want.push_back(int64_t(t));
      continue;
    }
    rejected = true;
    double sum = 0;  // of max(0, p_i - q_i), shown
    for (size_t j = 0; j < r.p[i].size(); ++j) sum += std::max(0.0, r.p[i][j] - r.q[i][j]);
    const std::vector<double> w = ref::residual(r.p[i], r.q[i]);
    const double ud = u[at++];
    const int64_t pick = ref::inverse_cdf(w, ud);
    want.push_back(pick);
    text += ": the residual max(0, p_" + sub + " - q_" + sub + ") / " + number(sum) + " = " +
            row_text(w) + " and u = " + number(ud) + " give token " + std::to_string(pick) +
            " (the first whose running sum exceeds u)";
    // A learner's token where the residual has no mass did not come from this residual.
    if (call < called.tokens.size() && i < called.tokens[call].size()) {
      const int64_t theirs = called.tokens[call][i];
      // The rejected token itself, with a token after it: kept, the residual's appended after.
      if (theirs == int64_t(t) && called.tokens[call].size() > i + 1)
        text += "; your token " + std::to_string(theirs) +
                " there is the draft token just rejected: a rejection appends the residual's "
                "token in its place";
      else if (theirs >= 0 && size_t(theirs) < w.size() && w[size_t(theirs)] == 0)
        text += "; your token " + std::to_string(theirs) + " has no mass in this residual (q_" +
                sub + " >= p_" + sub + " there), so it was drawn from other probabilities";
    }
  }
  if (!rejected) {
    const double ud = u[at++];
    const int64_t pick = ref::inverse_cdf(r.p[k], ud);
    want.push_back(pick);
    text += "; all " + std::to_string(k) + " accepted, so the bonus token is drawn from p_" +
            std::to_string(k) + " = " + row_text(r.p[k]) + ": u = " + number(ud) + " gives " +
            std::to_string(pick);
  }
  const std::string got =
      call < called.tokens.size() ? tokens_text(called.tokens[call]) : std::string("nothing");
  // A call whose tokens agree is traced for its count (round 49's reader read "yours appended
  // [0, 1]" under "[0, 1]" as the trace of another call): say what differs.
  const size_t took = at - size_t(before.draws);
  if (call < called.tokens.size() && called.tokens[call] == want &&
      call < called.call_draws.size() && called.call_draws[call] != int64_t(took))
    return text + ". The statement appends " + tokens_text(want) + ", as yours did, but takes " +
           std::to_string(took) + " number" + (took == 1 ? "" : "s") +
           " from gen for it; yours took " +
           (called.call_draws[call] < 0 ? std::string("more than a call may")
                                        : std::to_string(called.call_draws[call])) +
           ".";
  return text + ". The statement appends " + tokens_text(want) + "; yours appended " + got + ".";
}

namespace {

/// The first call whose tokens differ from the statement's (the shorter count where none does).
size_t first_differing_call(const Replay& want, const Called& called) {
  size_t call = 0;
  while (call < want.tokens.size() && call < called.tokens.size() &&
         want.tokens[call] == called.tokens[call])
    ++call;
  return call;
}

}  // namespace

Failure failure(const Case& c, const Called& called, std::string message) {
  Failure f;
  f.message = std::move(message);
  f.counterexample = c.describe();
  const Replay want = reference_replay(c);
  // Six calls, from a little before the first that differs (six from the first call hid a
  // difference at call 7 behind "...", round 49); each call numbered where the window starts later.
  const auto [from, to] =
      shown_around(first_differing_call(want, called), want.tokens.size(), 6, 2);
  std::string e = from > 0 ? "..., call " + std::to_string(from + 1) + ": " : "";
  std::string g = e;
  for (size_t i = from; i < to; ++i) {
    if (i > from) {
      e += ", ";
      g += ", ";
    }
    e += tokens_text(want.tokens[i]);
    g += i < called.tokens.size() ? tokens_text(called.tokens[i]) : std::string("-");
  }
  if (want.tokens.size() > to) e += ", ...", g += ", ...";
  f.expected = "appended = " + e + "; numbers taken from gen = " + std::to_string(want.draws);
  f.got = "appended = " + g + "; numbers taken from gen = " +
          (called.draws < 0 ? "more than counted" : std::to_string(called.draws));
  return f;
}

Failure failure_from_run(const Case& c, const Run& run) {
  Failure f =
      failure_from_throw(run, "speculative_step(draft_probs, draft_tokens, target_probs, gen)");
  f.counterexample = c.describe();
  return f;
}

std::optional<Failure> compare(const Case& c, const Called& called, const std::string& why) {
  if (!called.run.ok()) return failure_from_run(c, called.run);
  const Replay want = reference_replay(c);
  if (same(called, want)) return std::nullopt;
  // "10 numbers from gen where the statement takes 16", said where the counts differ.
  const std::string took = (called.draws < 0 ? std::string("more") : std::to_string(called.draws)) +
                           " numbers from gen where the statement takes " +
                           std::to_string(want.draws);
  size_t call = first_differing_call(want, called);
  // The first call, up to that one, that took another count of numbers from gen than the
  // statement's: every call after it reads other numbers, so the tokens that first differ may come
  // from a right step out of step (a residual taken without its u, then a right acceptance test on
  // the next call's u).
  size_t counted = 0;
  while (counted < want.call_draws.size() && counted < called.call_draws.size() &&
         counted <= call && want.call_draws[counted] == called.call_draws[counted])
    ++counted;
  const bool out_of_step = counted < want.call_draws.size() && counted < called.call_draws.size() &&
                           counted <= call && counted < called.tokens.size();
  const auto numbers = [](int64_t n) {
    return n < 0    ? std::string("more numbers")
           : n == 1 ? std::string("1 number")
                    : std::to_string(n) + " numbers";
  };
  const std::string first_off =
      out_of_step
          ? "call " + std::to_string(counted + 1) + " took " + numbers(called.call_draws[counted]) +
                " from gen where the statement's takes " + std::to_string(want.call_draws[counted])
          : "";
  if (call == want.tokens.size() && called.tokens.size() == want.tokens.size()) {
    Failure f =
        failure(c, called,
                "every call appended the statement's tokens, but your calls took " + took +
                    " (one u per draft token tested, one per final draw): a caller replaying the "
                    "generator would go out of step." +
                    (first_off.empty() ? "" : " The first: " + first_off + " (below).") + why);
    if (out_of_step) {
      f.journey = explain_call(c, counted, called);
      f.journey_step = "the numbers a call takes from gen";
    }
    return f;
  }
  if (out_of_step && counted < call) {
    // Tokens alike up to a call that took another count of numbers: that call is the place.
    const std::vector<int64_t> none;
    const std::vector<int64_t>& g = call < called.tokens.size() ? called.tokens[call] : none;
    Failure f = failure(
        c, called,
        first_off + ", though it appended the statement's tokens " +
            tokens_text(called.tokens[counted]) +
            " (below). Every call after it reads other numbers than the statement's, so call " +
            std::to_string(call + 1) + " appended " + tokens_text(g) +
            " where the statement appends " +
            tokens_text(want.tokens[std::min(call, want.tokens.size() - 1)]) +
            // ("fix the count first" read as a second bug beside a diagnosis whose rule draws
            // fewer numbers, round 49)
            ": the count is the first difference, and those tokens follow from it. Your calls "
            "took " +
            took + " (one u per draft token tested, one per final draw)." + why);
    f.journey = explain_call(c, counted, called);
    f.journey_step = "the numbers a call takes from gen";
    return f;
  }
  call = std::min(call, want.tokens.size() - 1);
  const std::vector<int64_t>& w = want.tokens[call];
  const std::vector<int64_t> none;
  const std::vector<int64_t>& g = call < called.tokens.size() ? called.tokens[call] : none;
  // Where the call first goes another way. The statement's call accepts w.size() - 1 draft
  // tokens, then appends one drawn token (after a rejection when that is fewer than K).
  size_t j = 0;
  while (j < w.size() && j < g.size() && w[j] == g[j]) ++j;
  const size_t a = w.size() - 1;
  const bool rejected = a < size_t(c.k());
  const std::vector<int64_t>& x = c.drafts[call];
  std::string step, what;
  if (j < a) {
    step = "the acceptance test";
    what = "at position " + std::to_string(j) + " your step does not keep draft token " +
           std::to_string(x[j]) + ", which the statement accepts";
  } else if (j == a && rejected && j + 1 < g.size() && g[j] == x[j]) {
    step = "the acceptance test";
    what = "at position " + std::to_string(j) + " your step keeps draft token " +
           std::to_string(x[j]) + ", which the statement rejects";
  } else if (j == a && j < g.size()) {
    step = rejected ? "the token drawn after a rejection" : "the bonus token";
    what =
        (rejected ? "the token drawn after the rejection at position " + std::to_string(j)
                  : std::string("the bonus token (all ") + std::to_string(c.k()) + " accepted)") +
        " is " + std::to_string(w[j]) + ", yours " + std::to_string(g[j]);
  } else if (j == w.size()) {
    step = "tokens after the step's last";
    what = "your step appends more after the statement's last token (" +
           std::string(rejected ? "the one drawn after a rejection, where a step stops"
                                : "the bonus token") +
           ")";
  } else {
    step = rejected ? "the token drawn after a rejection" : "the bonus token";
    what = "your step appends nothing where the statement appends " +
           std::string(rejected ? "the token drawn after the rejection" : "the bonus token");
  }
  const std::string draws = called.draws == want.draws ? "" : " Your calls took " + took + ".";
  Failure f = failure(c, called,
                      "call " + std::to_string(call + 1) + " appended " + tokens_text(g) +
                          " where the statement appends " + tokens_text(w) + ": " + what +
                          " (below)." + draws + why);
  f.journey = explain_call(c, call, called);
  f.journey_step = step;
  return f;
}

std::optional<Failure> cannot_check(const Case& c, const Called& called, const std::string& id) {
  if (called.run.ok()) return std::nullopt;
  return could_not_check(failure_from_run(c, called.run), id);
}

}  // namespace grader::kata_speculative_decoding
