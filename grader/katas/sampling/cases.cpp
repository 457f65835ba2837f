#include "grader/katas/sampling/cases.hpp"

#include <rapidcheck.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <limits>
#include <sstream>

#include "grader/lib/draws.hpp"
#include "grader/lib/remote.hpp"
#include "grader/lib/words.hpp"
#include "reference/sampling/sampling.hpp"

namespace grader::kata_sampling {

// Note [sampling's tolerance]
// A token is an index: there is nothing to round but where a draw u falls. Two correct programs
// agree on every draw unless u lies within their rounding of a running sum of p (or a top-p cut
// lies within it of a cumulative sum): there each may pick either neighbour. So a draw is judged
// against what every u' within the case's tolerance of u picks (Walk::gives): 1e-9 in Float64,
// 3e-5 in Float32 (a softmax in float32 is off by about 1e-7 per token, its running sums by V times
// that). The cases never put top_p within 0.005 of a cumulative sum (generate), so the kept set is
// the same for every correct program; logits are multiples of 1/64 below 16, exact in float32 and
// never tied by a division by the temperature unless equal.

namespace {

bool is_float32(const Case& c) { return c.logits.dtype() == kt::Float32; }

std::string call_text(const Case& c) {
  return "sample_token(logits, " + number(c.temperature) + ", " + std::to_string(c.top_k) + ", " +
         number(c.top_p) + ", gen)";
}

/// The tokens of calls [from, to) as text: all of them when there are 16 or fewer, else
/// "calls 8-19 of 200: [...]".
std::string tokens_text(const std::vector<int64_t>& tokens, size_t from, size_t to) {
  std::string s = "[";
  for (size_t i = from; i < to && i < tokens.size(); ++i)
    s += (i > from ? ", " : "") + std::to_string(tokens[i]);
  s += "]";
  if (from == 0 && to >= tokens.size()) return "tokens = " + s;
  return "tokens of calls " + std::to_string(from + 1) + "-" +
         std::to_string(std::min(to, tokens.size())) + " of " + std::to_string(tokens.size()) +
         " = " + s;
}

/// The tokens the statement's draws give on the case.
std::vector<int64_t> reference_tokens(const Case& c) {
  kt::Generator gen(c.gen_seed);
  std::vector<int64_t> tokens;
  for (int64_t i = 0; i < c.calls; ++i)
    tokens.push_back(ref::sample_token(c.logits, c.temperature, c.top_k, c.top_p, gen));
  return tokens;
}

/// Values rounded to multiples of 1/64, |v| < 16.
std::vector<double> sixty_fourths(const kt::Tensor& t) {
  std::vector<double> v = t.to_vector<double>();
  for (double& x : v) x = std::clamp(std::round(x * 64) / 64, -15.0, 15.0);
  return v;
}

double draw_top_p(const kt::Tensor& logits, double temperature, int64_t top_k) {
  if (temperature == 0) return *rc::gen::element(0.5, 0.9).as("top_p");
  // The probabilities the nucleus is taken from, most probable first (lower index on ties), and
  // a top_p inside the stretch one of them covers, a quarter of it or more away from its ends.
  const ref::Distribution d = ref::sampling_distribution(logits, temperature, top_k, 1.0);
  std::vector<size_t> order;
  for (size_t i = 0; i < d.p.size(); ++i)
    if (d.kept[i]) order.push_back(i);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return d.p[a] > d.p[b]; });
  std::vector<std::pair<double, double>> stretches;  // [start, width) of the tokens p >= 0.02
  double sum = 0;
  for (size_t i : order) {
    if (d.p[i] >= 0.02) stretches.emplace_back(sum, d.p[i]);
    sum += d.p[i];
  }
  const auto [start, width] = *rc::gen::elementOf(stretches).as("the stretch top_p falls in");
  const double f = double(*rc::gen::inRange(25, 76).as("where in it")) / 100;
  const double top_p = std::round((start + f * width) * 1e4) / 1e4;
  return std::clamp(top_p, 1e-4, 0.9999);
}

}  // namespace

std::string ordinal(int64_t n) {
  const int64_t tens = n % 100, units = n % 10;
  const char* suffix = tens >= 11 && tens <= 13 ? "th"
                       : units == 1             ? "st"
                       : units == 2             ? "nd"
                       : units == 3             ? "rd"
                                                : "th";
  return std::to_string(n) + suffix;
}

Spec detector_spec(Temperature temperature, Filter top_k, Filter top_p) {
  return {.v_min = 4,
          .v_max = 10,
          .temperature = temperature,
          .top_k = top_k,
          .top_p = top_p,
          .float64_only = true,
          .calls = 200};
}

std::vector<std::pair<std::string, std::string>> Case::describe() const {
  return {{"V (tokens)", std::to_string(logits.numel())},
          {"dtype", std::string(kt::dtype_name(logits.dtype()))},
          {"logits values", values},
          {"logits", values_text(logits)},
          {"temperature", number(temperature)},
          {"top_k", std::to_string(top_k)},
          {"top_p", number(top_p)},
          {"generator", "kt::Generator gen(" + std::to_string(gen_seed) + ")"},
          {"calls", std::to_string(calls) + " call" + (calls == 1 ? "" : "s") + " of " +
                        call_text(*this) + (calls == 1 ? "" : ", one after the other")}};
}

double Case::tolerance() const { return is_float32(*this) ? 3e-5 : 1e-9; }

Case generate(const Spec& spec) {
  const bool needs_two = spec.ties || spec.top_k == Filter::On;
  const auto v =
      *rc::gen::inRange(needs_two ? std::max<int64_t>(2, spec.v_min) : spec.v_min, spec.v_max + 1)
           .as("V (tokens)");
  const kt::Dtype dtype = draw_dtype(spec.float64_only);
  const auto seed = *rc::gen::inRange<uint64_t>(0, 1000000).as("seed of the values");
  kt::Generator gen(seed);
  Case c;
  c.gen_seed = *rc::gen::inRange<uint64_t>(1, 1000000).as("generator seed");
  c.calls = spec.calls;
  std::vector<double> x;
  if (spec.ties) {
    // Three levels, every token on one; the largest level on two tokens or more.
    std::vector<double> levels = sixty_fourths(kt::randn({3}, gen) * 2.0);
    std::sort(levels.begin(), levels.end());
    for (size_t i = 1; i < levels.size(); ++i)
      levels[i] = std::max(levels[i], levels[i - 1] + 0.25);
    const std::vector<double> u = kt::rand({v}, gen).to_vector<double>();
    for (double e : u) x.push_back(levels[std::min<size_t>(2, size_t(e * 3))]);
    const int64_t top = std::count(x.begin(), x.end(), levels[2]);
    for (size_t i = 0, added = 0; added + size_t(top) < 2 && i < x.size(); ++i)
      if (x[i] != levels[2]) x[i] = levels[2], ++added;
    c.values = "three levels of 2 * randn (multiples of 1/64), the largest on two tokens or more";
  } else {
    // 2 * randn in multiples of 1/64, no two equal. At the small temperatures 6 * randn shifted
    // so that the largest is 15: scores of 750 or more, past exp's overflow in Float64 (709).
    const bool small = spec.temperature == Temperature::Small;
    kt::Tensor raw = kt::randn({v}, gen) * (small ? 6.0 : spec.spread);
    if (small) raw = raw + (15.0 - kt::amax(raw).item());
    x = sixty_fourths(raw);
    for (size_t i = 0; i < x.size(); ++i)
      while (std::count(x.begin(), x.begin() + long(i), x[i]) != 0) x[i] += 1.0 / 64;
    c.values =
        small ? "6 * randn shifted so that the largest is 15, in multiples of 1/64 "
                "(within +-15), all different"
              : number(spec.spread) + " * randn in multiples of 1/64 (within +-15), all different";
  }
  c.logits = kt::from_vector(x, {v}).to(dtype);
  switch (spec.temperature) {
    case Temperature::Any:
      c.temperature = *rc::gen::element(0.0, 0.0, 0.5, 0.8, 1.0, 1.3, 2.0).as("temperature");
      break;
    case Temperature::Zero:
      c.temperature = 0.0;
      break;
    case Temperature::Positive:
      c.temperature = *rc::gen::element(0.5, 0.8, 1.0, 1.3, 2.0).as("temperature");
      break;
    case Temperature::NotOne:
      c.temperature = *rc::gen::element(0.5, 2.0).as("temperature");
      break;
    case Temperature::Cold:
      c.temperature = 0.5;
      break;
    case Temperature::Small:
      c.temperature = *rc::gen::element(0.01, 0.02).as("temperature");
      break;
  }
  const bool k_on = spec.top_k == Filter::On ||
                    (spec.top_k == Filter::Random && *rc::gen::arbitrary<bool>().as("top_k on"));
  c.top_k = !k_on                      ? 0
            : spec.top_k == Filter::On ? *rc::gen::inRange<int64_t>(1, v).as("top_k")
                                       : *rc::gen::inRange<int64_t>(1, v + 3).as("top_k");
  const bool p_on = spec.top_p == Filter::On ||
                    (spec.top_p == Filter::Random && *rc::gen::arbitrary<bool>().as("top_p on"));
  c.top_p = p_on ? draw_top_p(c.logits, c.temperature, c.top_k) : 1.0;
  return c;
}

Outcome run_sampling_property(uint64_t seed, int cases,
                              const std::function<std::optional<Failure>()>& body) {
  return run_property(
      seed, cases, body,
      {"the argument outside the API", "seed of the values", "generator seed", "ties", "top_k on",
       "top_p on", "the stretch top_p falls in", "where in it"});
}

Called call_learner_on(const Case& c) {
  announce_case(c.describe());  // so a crash or a timeout still names the case
  wire::Writer args;
  args.tensor(c.logits);
  args.f64(c.temperature);
  args.i64(c.top_k);
  args.f64(c.top_p);
  args.u64(c.gen_seed);
  args.i64(c.calls);
  Called called;
  kt::Generator after;
  remote::call("sampling", args, [&](wire::Reader& r) {
    called.run = r.run();
    r.raw(&after, sizeof after);
    called.changed = r.boolean();
  });
  if (called.run.ok()) called.tokens = called.run.out.to(kt::Int64).to_vector<int64_t>();
  called.draws = draws_taken(c.gen_seed, after, 4 * c.calls + 16);
  return called;
}

Walk reference_walk(const Case& c) {
  const ref::Distribution d = ref::sampling_distribution(c.logits, c.temperature, c.top_k, c.top_p);
  Walk w;
  if (c.temperature == 0) {
    w.draws = false;
    w.fixed = ref::pick(d, 0.0);
    return w;
  }
  for (size_t i = 0; i < d.p.size(); ++i)
    if (d.kept[i]) {
      w.order.push_back(int64_t(i));
      w.p.push_back(d.p[i]);
    }
  return w;
}

std::vector<double> uniforms(const Case& c) {
  kt::Generator gen(c.gen_seed);
  std::vector<double> u;
  for (int64_t i = 0; i < c.calls; ++i) u.push_back(gen.uniform());
  return u;
}

bool explains(const Case& c, const Walk& walk, const std::vector<int64_t>& tokens, int64_t draws) {
  return explains(c, uniforms(c), walk, tokens, draws);
}

bool explains(const Case& c, const std::vector<double>& u, const Walk& walk,
              const std::vector<int64_t>& tokens, int64_t draws) {
  if (tokens.size() != size_t(c.calls) || draws != (walk.draws ? c.calls : 0)) return false;
  for (size_t i = 0; i < tokens.size(); ++i)
    if (!walk.gives(tokens[i], u[i], c.tolerance())) return false;
  return true;
}

int64_t first_difference(const Case& c, const std::vector<int64_t>& tokens) {
  const Walk walk = reference_walk(c);
  const std::vector<double> u = uniforms(c);
  for (size_t i = 0; i < tokens.size() && i < u.size(); ++i)
    if (!walk.gives(tokens[i], u[i], c.tolerance())) return int64_t(i);
  return tokens.size() < u.size() ? int64_t(tokens.size()) : -1;
}

int64_t token_at(const std::vector<int64_t>& tokens, int64_t at) {
  return at >= 0 && size_t(at) < tokens.size() ? tokens[size_t(at)] : -1;
}

std::string explain_draw(const Case& c, size_t i, int64_t got) {
  const ref::Distribution d = ref::sampling_distribution(c.logits, c.temperature, c.top_k, c.top_p);
  const int64_t v = c.logits.numel();
  const ref::Distribution before_top_p =
      ref::sampling_distribution(c.logits, c.temperature, c.top_k, 1.0);
  const std::vector<bool>& top_k_kept = before_top_p.kept;
  // Which filter drops the learner's token: top-k (its score below the k-th largest), or top-p.
  const auto dropped_by = [&](size_t token) -> std::string {
    if (top_k_kept[token]) return ", a token top_p = " + number(c.top_p) + " drops";
    std::vector<double> scores = c.logits.to(kt::Float64).contiguous().to_vector<double>();
    for (double& x : scores) x /= c.temperature;
    const double own = scores[token];
    std::sort(scores.begin(), scores.end(), std::greater<>());
    // "score" is the logit over the temperature: said where the two differ.
    const std::string score = c.temperature == 1 ? "score" : "score (logit / temperature)";
    return ", a token top_k = " + std::to_string(c.top_k) + " drops: its " + score + " " +
           number(own) + " is below the " + ordinal(c.top_k) + " largest, " +
           number(scores[size_t(c.top_k) - 1]);
  };
  const std::string yours =
      "yours returned " + std::to_string(got) +
      (got < 0 || got >= v ? ", which is not a token (V = " + std::to_string(v) + ")"
       : d.kept[size_t(got)] || c.temperature == 0 ? ""
                                                   : dropped_by(size_t(got)));
  const std::string which = "call " + std::to_string(i + 1);
  if (c.temperature == 0) {
    const int64_t greedy = ref::pick(d, 0.0);
    const double top = c.logits.to(kt::Float64).to_vector<double>()[size_t(greedy)];
    return which + ": temperature 0 is greedy: the largest logit is " + number(top) +
           ", first at token " + std::to_string(greedy) + ", so the answer is " +
           std::to_string(greedy) + "; " + yours + ".";
  }
  const double u = uniforms(c)[i];
  // As many digits as it takes to show u on its side of every running sum.
  std::vector<double> sums;
  std::vector<int64_t> kept;
  double running = 0;
  for (size_t t = 0; t < d.p.size(); ++t)
    if (d.kept[t]) {
      kept.push_back(int64_t(t));
      sums.push_back(running += d.p[t]);
    }
  int digits = 4;
  while (digits < 12 && std::any_of(sums.begin(), sums.end(), [&](double s) {
           return (std::stod(number(s, digits)) > std::stod(number(u, digits))) != (s > u) ||
                  number(s, digits) == number(u, digits);
         }))
    ++digits;
  std::string tokens, ps, runs;
  const size_t shown = std::min<size_t>(kept.size(), 12);
  for (size_t k = 0; k < shown; ++k) {
    // (piecewise: GCC 12's -Wstringop-overflow misfires on ", " + std::string here)
    if (k > 0) tokens += ", ", ps += ", ", runs += ", ";
    tokens += std::to_string(kept[k]);
    ps += number(d.p[size_t(kept[k])], 4);
    runs += number(sums[k], digits);
  }
  if (shown < kept.size()) tokens += ", ...", ps += ", ...", runs += ", ...";
  const int64_t want = ref::pick(d, u);
  // How the filters came to keep them, where they cut.
  std::string filters;
  const auto after_k = int64_t(std::count(top_k_kept.begin(), top_k_kept.end(), true));
  if (c.top_k > 0 && c.top_k < v)
    filters += "top_k = " + std::to_string(c.top_k) + " keeps " + std::to_string(after_k) +
               (after_k == 1 ? " token" : " tokens") +
               (after_k > c.top_k
                    ? ", the tokens tied with the " + ordinal(c.top_k) + " largest score included"
                    : "");
  if (c.top_p < 1) {
    // The probabilities top-p sums (after top-k, before it cuts), for its choice to be checked:
    // the kept tokens' p alone are renormalised (round 49).
    std::string summed;
    size_t listed = 0;
    for (size_t t = 0; t < before_top_p.p.size() && listed < 12; ++t)
      if (top_k_kept[t]) {
        if (listed++ > 0) summed += ", ";
        summed += number(before_top_p.p[t], 4);
      }
    filters += (filters.empty() ? "" : ", then ") + std::string("top_p = ") + number(c.top_p) +
               " keeps " + std::to_string(kept.size()) + (kept.size() == 1 ? " token" : " tokens") +
               (filters.empty() ? "" : " of them") + " of the probabilities [" + summed +
               (listed < size_t(after_k) ? ", ..." : "") + "] it sums";
  }
  return which + " draws u = " + number(u, digits) + " (gen.uniform() number " +
         std::to_string(i + 1) + " of kt::Generator gen(" + std::to_string(c.gen_seed) +
         ")). The tokens kept are " + tokens + (filters.empty() ? "" : " (" + filters + ")") +
         (filters.empty() ? ", with p = " : ", with p (renormalised over them) = ") + ps +
         " and running sums " + runs + ", so the draw gives token " + std::to_string(want) +
         ", the first whose running sum exceeds u; " + yours + ".";
}

Failure failure(const Case& c, const std::vector<int64_t>& got, std::string message) {
  Failure f;
  f.message = std::move(message);
  f.counterexample = c.describe();
  // Sixteen calls at most, from a little before the first that differs.
  const std::vector<int64_t> expected = reference_tokens(c);
  const int64_t at = first_difference(c, got);
  const auto [from, to] =
      shown_around(at < 0 ? expected.size() : size_t(at), expected.size(), 16, 4);
  f.expected = tokens_text(expected, from, to);
  f.got = tokens_text(got, from, to);
  return f;
}

std::string draws_text(const Case& c, int64_t draws) {
  const int64_t want = c.temperature == 0 ? 0 : c.calls;
  const std::string calls =
      c.calls == 1 ? "your call" : "your " + std::to_string(c.calls) + " calls";
  const std::string took =
      draws < 0 ? "more than " + std::to_string(4 * c.calls + 16) : std::to_string(draws);
  return calls + " took " + took + " number" + (draws == 1 ? "" : "s") +
         " from gen where the statement takes " + std::to_string(want) +
         (c.temperature == 0 ? " (temperature 0 is greedy: no draw)"
                             : " (exactly one gen.uniform() per call)");
}

void set_draws(Failure& f, const Case& c, int64_t draws) {
  const int64_t want = c.temperature == 0 ? 0 : c.calls;
  f.expected = "numbers taken from gen = " + std::to_string(want) + " (tokens as yours)";
  f.got = "numbers taken from gen = " +
          (draws < 0 ? "more than " + std::to_string(4 * c.calls + 16) : std::to_string(draws));
}

Failure failure_from_run(const Case& c, const Run& run) {
  Failure f = failure_from_throw(run, call_text(c));
  // A top_k past V is inside the API (round 50's reader, shown a throw on top_k = 2 and V = 1,
  // could not tell whether the grader or the code was out of bounds).
  if (run.threw_error() && c.top_k > 0 && c.top_k >= c.logits.numel()) {
    if (!f.message.empty() && f.message.back() != '.') f.message += '.';
    f.message += " top_k = " + std::to_string(c.top_k) +
                 " >= V = " + std::to_string(c.logits.numel()) +
                 " is inside the API: top_k == 0 or top_k >= V keeps every token.";
  }
  f.counterexample = c.describe();
  return f;
}

std::optional<Failure> compare(const Case& c, const Called& called, const std::string& why) {
  if (!called.run.ok()) return failure_from_run(c, called.run);
  const int64_t want = c.temperature == 0 ? 0 : c.calls;
  const int64_t at = first_difference(c, called.tokens);
  if (at < 0 && called.draws == want) return std::nullopt;
  std::string message;
  if (at >= 0) {
    message = explain_draw(c, size_t(at), token_at(called.tokens, at));
    if (called.draws != want) message += " Besides, " + draws_text(c, called.draws) + ".";
  } else {
    message = std::string(reference_walk(c).order.size() == 1
                              ? "with one token kept every draw returns it, so your tokens are "
                                "right here, but "
                              : "every token is right, but ") +
              draws_text(c, called.draws) +
              ": a caller replaying the generator would go out of step.";
    Failure f = failure(c, called.tokens, message + why);
    set_draws(f, c, called.draws);
    return f;
  }
  return failure(c, called.tokens, message + why);
}

std::optional<Failure> cannot_check(const Case& c, const Called& called, const std::string& id) {
  if (called.run.ok()) return std::nullopt;
  return could_not_check(failure_from_run(c, called.run), id);
}

}  // namespace grader::kata_sampling
