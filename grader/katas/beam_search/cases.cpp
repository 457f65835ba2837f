#include "grader/katas/beam_search/cases.hpp"

#include <rapidcheck.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <set>
#include <sstream>

#include "grader/lib/remote.hpp"

namespace grader::kata_beam_search {

// Note [beam_search's tolerance]
// The model's values are hundredths (model.hpp) read back as the tensor holds them, and a
// hypothesis's log_prob is their running sum in float64, step by step: every correct program adds
// the same doubles in the same order, so candidates compare alike to the bit, ties included, and
// log_prob is judged within 1e-9 (relative above 1) only for programs that sum otherwise. The one
// place correct programs may round apart is the score: log_prob / size ^ length_penalty computed
// with std::pow or exp(lp * log(size)) can differ in the last bit, so two finished hypotheses of
// different sizes whose scores are within 1e-9 could come in either order; generate draws such a
// case again (the next model seed). At length_penalty 0 every score is its log_prob exactly.

namespace {

const char* kind_text(ModelKind k) {
  switch (k) {
    case ModelKind::Random:
      return "values in [-5, -0.25] (multiples of 0.01), a hash of the prefix";
    case ModelKind::Ties:
      return "values from {-0.5, -1, -1.5, -2}, a hash of the prefix: many candidates tie";
    case ModelKind::EosLikely:
      return "values in [-5, -0.25] (multiples of 0.01), a hash of the prefix, eos's raised by "
             "2.5: "
             "hypotheses finish early";
    case ModelKind::Peaked:
      return "values in [-6.24, -0.25] (multiples of 0.01), a hash of the prefix, each prefix's "
             "values shifted down together by up to 4, eos's raised by 1";
    case ModelKind::Tiny:
      return "values in [-316, -300] (multiples of 0.01), a hash of the prefix: exp of three of "
             "them "
             "multiplied is 0 in float64";
  }
  return "";
}

bool near_tie(const std::vector<ref::Hypothesis>& finished, double length_penalty) {
  if (length_penalty == 0) return false;
  for (const ref::Hypothesis& a : finished)
    for (const ref::Hypothesis& b : finished)
      if (a.tokens.size() != b.tokens.size() &&
          std::abs(a.score - b.score) <= 1e-9 * std::max(1.0, std::abs(a.score)))
        return true;
  return false;
}

bool close(double want, double got) {
  if (std::isinf(want) || std::isinf(got)) return want == got;
  return std::abs(want - got) <= 1e-9 * std::max(1.0, std::abs(want));
}

std::string hyp_text(const Case& c, const ref::Hypothesis& h, bool with_score = true) {
  return c.tokens(h.tokens) + " log_prob " + number(h.log_prob) +
         (with_score ? " score " + number(h.score, 6) : "");
}

std::string hyps_text(const Case& c, const std::vector<ref::Hypothesis>& hs) {
  if (hs.empty()) return "no hypotheses";
  std::string s;
  for (size_t i = 0; i < hs.size() && i < 8; ++i) s += (i ? "; " : "") + hyp_text(c, hs[i]);
  if (hs.size() > 8) s += "; ... (" + std::to_string(hs.size()) + " in all)";
  return s;
}

std::vector<int64_t> with_bos(const Case& c, const std::vector<int64_t>& tokens) {
  std::vector<int64_t> p{c.bos};
  p.insert(p.end(), tokens.begin(), tokens.end());
  return p;
}

/// The prefixes of `asked` with `size` entries, distinct, in the order first asked.
std::vector<std::vector<int64_t>> asked_of_size(const Called& called, size_t size) {
  std::vector<std::vector<int64_t>> out;
  for (const auto& p : called.asked)
    if (p.size() == size && std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
  return out;
}

std::string prefixes_text(const Case& c, const std::vector<std::vector<int64_t>>& ps) {
  std::string s;
  for (size_t i = 0; i < ps.size() && i < 8; ++i) {
    // Shown as the hypothesis's tokens: bos is every prefix's first.
    const bool starts = !ps[i].empty() && ps[i].front() == c.bos;
    s += (i ? ", " : "") +
         (starts ? c.tokens({ps[i].begin() + 1, ps[i].end()}) : "prefix " + c.tokens(ps[i]));
  }
  if (ps.size() > 8) s += ", ... (" + std::to_string(ps.size()) + " in all)";
  return s;
}

/// Every candidate of the step that extends `live` (every live hypothesis by every token), in
/// the order the statement takes them.
std::vector<ref::Hypothesis> candidates(const Case& c, const std::vector<ref::Hypothesis>& live) {
  std::vector<ref::Hypothesis> all;
  const ref::NextValues values = c.values();
  for (const ref::Hypothesis& h : live) {
    const std::vector<double> v = values(with_bos(c, h.tokens));
    for (size_t t = 0; t < v.size(); ++t) {
      ref::Hypothesis e = h;
      e.tokens.push_back(int64_t(t));
      e.log_prob += v[t];
      all.push_back(std::move(e));
    }
  }
  std::stable_sort(all.begin(), all.end(), [](const ref::Hypothesis& a, const ref::Hypothesis& b) {
    return a.log_prob > b.log_prob;
  });
  return all;
}

/// "Step 2 extends [3], [0] ...: its candidates in decreasing log_prob are ..." for step k (from
/// 0) of the reference's search.
std::string step_text(const Case& c, const ref::Search& s, size_t k) {
  const std::vector<ref::Hypothesis> live_before =
      k == 0 ? std::vector<ref::Hypothesis>(1) : s.steps[k - 1].live;
  const std::vector<ref::Hypothesis> all = candidates(c, live_before);
  const ref::Step& step = s.steps[k];
  std::string text = "step " + std::to_string(k + 1) + " extends " +
                     (k == 0 ? std::string("the empty hypothesis") : [&] {
                       std::string l;
                       for (size_t i = 0; i < live_before.size(); ++i)
                         l += (i ? ", " : "") + hyp_text(c, live_before[i], false);
                       return l;
                     }()) +
                     " by every token; its candidates in decreasing log_prob (ties: earlier "
                     "hypothesis, then lower token): ";
  for (size_t i = 0; i < step.taken.size() && i < 10; ++i)
    text += (i ? ", " : "") + c.tokens(step.taken[i].tokens) + " " +
            number(step.taken[i].log_prob) +
            (step.taken[i].tokens.back() == c.eos ? " (finished)" : " (live)");
  if (step.taken.size() > 10) text += ", ...";
  const size_t next = step.taken.size();
  text += "; with " + std::to_string(c.beam_width) + " live (beam_width) the step is done";
  if (next < all.size())
    text += "; not taken: " + c.tokens(all[next].tokens) + " " + number(all[next].log_prob) +
            " and every candidate after it";
  text += ".";
  // Ties among the candidates shown decide which are taken: say so, the one at the cut first.
  const auto tie = [&](size_t i) {
    return " " + c.tokens(all[i].tokens) + " and " + c.tokens(all[i + 1].tokens) + " tie at " +
           number(all[i].log_prob) +
           ": the one from the earlier live hypothesis comes first, then the lower token" +
           (i + 1 == next ? ", so " + c.tokens(all[i].tokens) + " is taken and " +
                                c.tokens(all[i + 1].tokens) + " is not."
                          : ".");
  };
  if (next > 0 && next < all.size() && all[next - 1].log_prob == all[next].log_prob) {
    text += tie(next - 1);
  } else {
    for (size_t i = 0; i + 1 < next && i < 10; ++i)
      if (all[i].log_prob == all[i + 1].log_prob) {
        text += tie(i);
        break;
      }
  }
  return text;
}

/// How the statement's search stops: "after step 2, where 2 have finished (at least beam_width =
/// 2)", "after step 3, where no hypothesis is live", "after max_new_tokens = 4 steps".
std::string stop_text(const Case& c, const ref::Search& s) {
  const size_t n = s.steps.size();
  size_t finished = 0;
  for (const ref::Step& st : s.steps)
    for (const ref::Hypothesis& h : st.taken) finished += h.tokens.back() == c.eos ? 1 : 0;
  if (int64_t(finished) >= c.beam_width)
    return "after step " + std::to_string(n) + ", where " + std::to_string(finished) +
           " have finished (at least beam_width = " + std::to_string(c.beam_width) + ")";
  if (s.steps.back().live.empty())
    return "after step " + std::to_string(n) + ", where no hypothesis is live";
  return "after max_new_tokens = " + std::to_string(c.max_new_tokens) + " steps";
}

/// The first returned hypothesis that differs, and what about it: its log_prob or score where the
/// statement finishes the same tokens, else that the statement does not return it there.
std::string first_returned_difference(const Case& c, const ref::Search& search,
                                      const std::vector<ref::Hypothesis>& pool,
                                      const std::vector<ref::Hypothesis>& got) {
  const std::vector<ref::Hypothesis>& want = search.result;
  size_t i = 0;
  while (i < want.size() && i < got.size() && want[i].tokens == got[i].tokens &&
         close(want[i].log_prob, got[i].log_prob) && close(want[i].score, got[i].score))
    ++i;
  if (i == got.size())
    return "Your result stops after " + std::to_string(got.size()) + " hypothes" +
           (got.size() == 1 ? "is" : "es") + " where the statement returns " +
           std::to_string(want.size()) + " (beam_width of them when that many finished).";
  if (i == want.size())
    return "Your result has " + std::to_string(got.size()) +
           " hypotheses where the statement returns " + std::to_string(want.size()) +
           ": at most beam_width, the best by score.";
  const ref::Hypothesis& g = got[i];
  const size_t n = i + 1;
  const std::string which = "The " + std::to_string(n) +
                            (n == 1   ? "st"
                             : n == 2 ? "nd"
                             : n == 3 ? "rd"
                                      : "th") +
                            " hypothesis returned differs: ";
  const auto same = std::find_if(pool.begin(), pool.end(),
                                 [&](const ref::Hypothesis& h) { return h.tokens == g.tokens; });
  if (same != pool.end() && !close(same->log_prob, g.log_prob))
    return which + "your " + c.tokens(g.tokens) + " has log_prob " + number(g.log_prob) +
           " where the statement's has " + number(same->log_prob) +
           ", the running sum of the model's values along its tokens (eos's included).";
  if (same != pool.end() && !close(same->score, g.score))
    return which + "your " + c.tokens(g.tokens) + " has score " + number(g.score) +
           " where the statement's has " + number(same->score) + " = log_prob / " +
           std::to_string(g.tokens.size()) + " ^ " + number(c.length_penalty) + ".";
  const bool has_it = std::any_of(
      got.begin(), got.end(), [&](const ref::Hypothesis& h) { return h.tokens == want[i].tokens; });
  std::string origin;
  for (size_t k = 0; k < search.steps.size() && origin.empty(); ++k)
    for (const ref::Hypothesis& h : search.steps[k].taken)
      if (h.tokens == want[i].tokens && h.tokens.back() == c.eos)
        origin = "the statement's step " + std::to_string(k + 1) + " finishes it on eos";
  if (origin.empty()) {
    // Live after the last step: which candidates that step finished before taking it.
    std::string before;
    for (const ref::Hypothesis& h : search.steps.back().taken) {
      if (h.tokens == want[i].tokens) break;
      if (h.tokens.back() == c.eos) before += (before.empty() ? "" : ", ") + c.tokens(h.tokens);
    }
    const std::string step = "the statement's step " + std::to_string(search.steps.size());
    origin = (before.empty()
                  ? step + " takes it live"
                  : step + " finishes " + before + " and still takes " + c.tokens(want[i].tokens) +
                        " live: a step goes on until beam_width are live, however "
                        "many have finished") +
             "; at the stop the live hypotheses are finished with the others";
  }
  if (same != pool.end() && !has_it)
    return which + "yours is " + hyp_text(c, g) + " where the statement's is " +
           hyp_text(c, want[i]) + ", which your result does not have (" + origin + ").";
  if (same != pool.end())
    return which + "yours is " + hyp_text(c, g) + ", the statement's " + hyp_text(c, want[i]) +
           ": by decreasing score (ties: higher log_prob, then smaller tokens), " +
           c.tokens(want[i].tokens) + " comes first.";
  return which + "yours is " + hyp_text(c, g) +
         ", which the statement's search does not finish, where it returns " +
         hyp_text(c, want[i]) + ".";
}

/// The tokens of a hypothesis the learner returned with k tokens that the statement's step k
/// does not take, if any.
std::optional<std::vector<int64_t>> untaken(const ref::Search& s, const Called& called, size_t k) {
  if (k == 0 || k > s.steps.size()) return std::nullopt;
  const std::vector<ref::Hypothesis>& taken = s.steps[k - 1].taken;
  for (const ref::Hypothesis& h : called.hyps) {
    if (h.tokens.size() != k) continue;
    if (std::none_of(taken.begin(), taken.end(),
                     [&](const ref::Hypothesis& t) { return t.tokens == h.tokens; }))
      return h.tokens;
  }
  return std::nullopt;
}

}  // namespace

Spec detector_spec(std::vector<ModelKind> kinds, std::vector<double> penalties) {
  Spec s;
  s.v_min = 4;
  s.steps_min = 3;
  s.kinds = std::move(kinds);
  s.penalties = std::move(penalties);
  return s;
}

std::string Case::token(int64_t t) const {
  return t == eos ? "eos" : t == bos ? "bos" : std::to_string(t);
}

std::string Case::tokens(const std::vector<int64_t>& ts) const {
  std::string s = "[";
  // A hypothesis's tokens leave the prompt's bos out, so a bos among them is a token the search
  // chose: its id is shown, and what it is, in every place ("[2, bos]" read as the prompt joined to
  // the hypothesis, round 49; "[bos, 1 (bos)]" for two chosen bos tokens, round 52).
  for (size_t i = 0; i < ts.size() && i < 24; ++i)
    s += (i ? ", " : "") +
         (ts[i] == bos && ts[i] != eos ? std::to_string(ts[i]) + " (bos)" : token(ts[i]));
  if (ts.size() > 24) s += ", ... (" + std::to_string(ts.size()) + " tokens)";
  return s + "]";
}

std::vector<std::pair<std::string, std::string>> Case::describe() const {
  return {{"V (tokens)", std::to_string(model.v)},
          {"model", std::string(kind_text(model.kind)) + "; it returns " +
                        (model.float32 ? "Float32" : "Float64") + " tensors" +
                        (model.strided ? ", views with stride 2" : "")},
          {"model seed", std::to_string(model.seed)},
          {"bos", std::to_string(bos)},
          {"eos", std::to_string(eos) + (eos == bos ? " (bos == eos)" : "")},
          {"beam_width", std::to_string(beam_width)},
          {"max_new_tokens", std::to_string(max_new_tokens)},
          {"length_penalty", number(length_penalty)}};
}

ref::NextValues Case::values() const {
  return [m = model](const std::vector<int64_t>& prefix) { return model_values(m, prefix); };
}

ref::Search Case::reference() const {
  return ref::beam_search_steps(values(), bos, eos, beam_width, max_new_tokens, length_penalty);
}

Case generate(const Spec& spec) {
  Case c;
  c.model.v = *rc::gen::inRange(spec.v_min, spec.v_max + 1).as("V (tokens)");
  c.model.kind = *rc::gen::elementOf(spec.kinds).as("model");
  if (spec.any_layout) {
    c.model.float32 = *rc::gen::arbitrary<bool>().as("Float32");
    c.model.strided = *rc::gen::arbitrary<bool>().as("strided");
  }
  c.eos = *rc::gen::inRange<int64_t>(0, c.model.v).as("eos");
  c.model.eos = c.eos;
  const bool same = spec.bos_may_be_eos && *rc::gen::inRange(0, 5).as("bos == eos") == 0;
  c.bos = same ? c.eos : (c.eos + *rc::gen::inRange<int64_t>(1, c.model.v).as("bos")) % c.model.v;
  c.beam_width = *rc::gen::inRange(spec.beam_min, spec.beam_max + 1).as("beam_width");
  c.max_new_tokens = *rc::gen::inRange(spec.steps_min, spec.steps_max + 1).as("max_new_tokens");
  c.length_penalty = *rc::gen::elementOf(spec.penalties).as("length_penalty");
  // The model's seed: the first from the one drawn on whose search has no near tie of scores.
  const auto seed = *rc::gen::inRange<uint64_t>(1, 1000000).as("seed of the model");
  for (uint64_t s = seed;; ++s) {
    c.model.seed = s;
    if (!near_tie(c.reference().finished, c.length_penalty)) break;
  }
  return c;
}

Outcome run_beam_property(uint64_t seed, int cases,
                          const std::function<std::optional<Failure>()>& body, bool shrink) {
  return run_property(seed, cases, body,
                      {"the argument outside the API", "seed of the model", "bos == eos", "bos",
                       "Float32", "strided"},
                      shrink);
}

Called call_learner_on(const Case& c) {
  announce_case(c.describe());  // so a crash or a timeout still names the case
  wire::Writer args;
  args.i64(c.model.v);
  args.u64(c.model.seed);
  args.i64(int64_t(c.model.kind));
  args.i64(c.model.eos);
  args.boolean(c.model.float32);
  args.boolean(c.model.strided);
  args.i64(c.bos);
  args.i64(c.eos);
  args.i64(c.beam_width);
  args.i64(c.max_new_tokens);
  args.f64(c.length_penalty);
  Called called;
  kt::Tensor asked;
  remote::call("beam_search", args, [&](wire::Reader& r) {
    called.run = r.run();
    called.model_calls = r.i64();
    asked = r.tensor();
    called.changed = r.boolean();
  });
  if (asked.defined()) {
    const std::vector<int64_t> a = asked.to(kt::Int64).to_vector<int64_t>();
    for (size_t i = 0; i < a.size();) {
      const auto n = size_t(std::max<int64_t>(0, a[i++]));
      if (n > a.size() - i) break;
      called.asked.emplace_back(a.begin() + long(i), a.begin() + long(i + n));
      i += n;
    }
  }
  if (called.run.ok()) {
    // count, then each hypothesis's size, tokens, log_prob and score (call.cpp).
    const std::vector<double> p = called.run.out.to(kt::Float64).to_vector<double>();
    size_t i = 0;
    const auto next = [&]() { return i < p.size() ? p[i++] : 0.0; };
    const auto count = size_t(std::max(0.0, next()));
    for (size_t h = 0; h < count && i < p.size(); ++h) {
      ref::Hypothesis hyp;
      const auto n = size_t(std::max(0.0, next()));
      for (size_t k = 0; k < n && i < p.size(); ++k) hyp.tokens.push_back(int64_t(next()));
      hyp.log_prob = next();
      hyp.score = next();
      called.hyps.push_back(std::move(hyp));
    }
  }
  return called;
}

bool same_result(const std::vector<ref::Hypothesis>& want,
                 const std::vector<ref::Hypothesis>& got) {
  if (want.size() != got.size()) return false;
  for (size_t i = 0; i < want.size(); ++i)
    if (want[i].tokens != got[i].tokens || !close(want[i].log_prob, got[i].log_prob) ||
        !close(want[i].score, got[i].score))
      return false;
  return true;
}

std::vector<ref::Hypothesis> simulate(const Case& c, const Steps& steps) {
  return search_with_steps(c.values(), c.bos, c.eos, c.beam_width, c.max_new_tokens,
                           c.length_penalty, steps);
}

Failure failure(const Case& c, const std::vector<ref::Hypothesis>& got, std::string message) {
  Failure f;
  f.message = std::move(message);
  f.counterexample = c.describe();
  f.expected = hyps_text(c, c.reference().result);
  f.got = hyps_text(c, got);
  return f;
}

Failure failure_from_run(const Case& c, const Run& run) {
  Failure f = failure_from_throw(
      run, "beam_search(model, " + std::to_string(c.bos) + ", " + std::to_string(c.eos) + ", " +
               std::to_string(c.beam_width) + ", " + std::to_string(c.max_new_tokens) + ", " +
               number(c.length_penalty) + ")");
  f.counterexample = c.describe();
  return f;
}

Divergence explain(const Case& c, const Called& called) {
  const ref::Search s = c.reference();
  const std::string selection = "the step's selection";
  if (called.asked.empty())
    return {
        "your beam_search never called the model: every step asks it about each live "
        "hypothesis (bos, then the hypothesis's tokens).",
        "", "the model's prefix"};
  const std::vector<int64_t>& first = called.asked.front();
  if (first.empty() || first.front() != c.bos)
    return {"your first model call passed " + c.tokens(first) +
                " as the prefix: the model reads bos (" + std::to_string(c.bos) +
                ") followed by a hypothesis's tokens, so the first call is model({" +
                std::to_string(c.bos) + "}).",
            "", "the model's prefix"};
  for (size_t k = 0;; ++k) {
    const std::vector<std::vector<int64_t>> got = asked_of_size(called, k + 1);
    if (k >= s.steps.size()) {
      if (got.empty()) break;
      return {"the statement stops " + stop_text(c, s) + ", but your code went on to step " +
                  std::to_string(k + 1) + ", extending " + prefixes_text(c, got) + ".",
              k > 0 ? "The statement's " + step_text(c, s, k - 1) : "", "the stop"};
    }
    std::vector<std::vector<int64_t>> want;
    if (k == 0) {
      want.push_back({c.bos});
    } else {
      for (const ref::Hypothesis& h : s.steps[k - 1].live) want.push_back(with_bos(c, h.tokens));
    }
    // The learner's result shows its last step's selection: a hypothesis of that length the
    // statement's step does not take says the step chose otherwise (a tie, say), before any stop.
    if (got.empty() && k > 0)
      if (const auto h = untaken(s, called, k))
        return {"your result has " + c.tokens(*h) + ", which the statement's step " +
                    std::to_string(k) + " does not take: your step " + std::to_string(k) +
                    " selects other candidates than the statement's (and your search stops "
                    "after it, where the statement's goes on).",
                "The statement's " + step_text(c, s, k - 1), selection};
    if (got.empty())
      return {"your code asked the model nothing at step " + std::to_string(k + 1) +
                  ", where the statement extends " + prefixes_text(c, want) +
                  (k > 0 ? ": the statement does not stop after step " + std::to_string(k) + " (" +
                               std::to_string(c.beam_width) +
                               " finished are needed, or no live hypothesis, or max_new_tokens "
                               "= " +
                               std::to_string(c.max_new_tokens) + " steps)."
                         : std::string(".")),
              k > 0 ? "The statement's " + step_text(c, s, k - 1) : "", "the stop"};
    if (std::set(got.begin(), got.end()) != std::set(want.begin(), want.end())) {
      std::string eos_note;
      for (const auto& p : got)
        if (p.size() > 1 && p.back() == c.eos) {
          eos_note =
              " (" + prefixes_text(c, {p}) + " ends in eos: a finished hypothesis is not extended)";
          break;
        }
      return {"at step " + std::to_string(k + 1) + " your code extends " + prefixes_text(c, got) +
                  eos_note + " where the statement extends " + prefixes_text(c, want) +
                  ": the live hypotheses after step " + std::to_string(k) + " differ.",
              "The statement's " + step_text(c, s, k - 1), selection};
    }
  }
  if (const auto h = untaken(s, called, s.steps.size()))
    return {"your result has " + c.tokens(*h) + ", which the statement's last step (step " +
                std::to_string(s.steps.size()) +
                ") does not take: your step selects other "
                "candidates than the statement's.",
            "The statement's " + step_text(c, s, s.steps.size() - 1), selection};
  std::vector<ref::Hypothesis> all = s.finished;
  std::stable_sort(all.begin(), all.end(), ref::ranks_before);
  return {std::string(s.steps.size() == 1
                          ? "the search has one step, so what differs is that step's selection or "
                            "what is returned from the finished hypotheses. "
                          : "your code asked the model about the statement's prefixes at every "
                            "step, so the two searches agree up to the last step: what differs is "
                            "the last step's selection, or what is returned from the finished "
                            "hypotheses. ") +
              first_returned_difference(c, s, all, called.hyps),
          "The statement's " + step_text(c, s, s.steps.size() - 1) + " It stops " +
              stop_text(c, s) +
              "; its finished hypotheses (the live ones left at the stop included) by score: " +
              hyps_text(c, all) + "; the first " + std::to_string(c.beam_width) + " are returned.",
          "the last step or the returned list"};
}

Failure wrong_result(const Case& c, const Called& called, const std::string& lead,
                     const std::string& why) {
  const Divergence d = explain(c, called);
  Failure f =
      failure(c, called.hyps, lead.empty() ? d.headline + why : lead + " Here " + d.headline + why);
  f.journey = d.detail;
  f.journey_step = d.detail.empty() ? "" : d.step;
  return f;
}

std::optional<Failure> compare(const Case& c, const Called& called, const std::string& why) {
  if (!called.run.ok()) return failure_from_run(c, called.run);
  if (same_result(c.reference().result, called.hyps)) return std::nullopt;
  return wrong_result(c, called, "", why);
}

std::optional<Failure> cannot_check(const Case& c, const Called& called, const std::string& id) {
  if (called.run.ok()) return std::nullopt;
  return could_not_check(failure_from_run(c, called.run), id);
}

}  // namespace grader::kata_beam_search
