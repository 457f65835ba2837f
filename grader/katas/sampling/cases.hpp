// Random cases for the sampling kata's checks, the calls into the learner's kata::sample_token
// (several calls sharing one generator), and the replay of the draws the statement fixes.
#pragma once

#include "grader/lib/kata.hpp"

#include "grader/katas/sampling/mistakes.hpp"

namespace grader::kata_sampling {

/// v with `digits` significant digits ("0.5", "2").
inline std::string number(double v, int digits = 6) { return number_text(v, digits); }
/// "1st", "2nd", "3rd", "4th", ...
std::string ordinal(int64_t n);

/// The temperatures a case takes.
enum class Temperature {
  Any,       // 0 two times in seven, else Positive
  Zero,      // greedy
  Positive,  // 0.5, 0.8, 1, 1.3 or 2
  NotOne,    // 0.5 or 2: far from 1, where a temperature in the wrong place shows
  Cold,      // 0.5: p sharper than softmax(logits), whose nucleus keeps more tokens
  Small,     // 0.01 or 0.02, the largest logit 15: scores of 750 and more (exp overflows unless
             // the maximum is taken out)
};

/// Whether a filter is on.
enum class Filter {
  Off,     // top_k 0, top_p 1
  Random,  // on or off
  On,      // top_k in [1, V) (V >= 2), top_p in (0, 1) away from every boundary
};

/// Ranges a check draws its cases from. The defaults are the general checks' ranges.
struct Spec {
  int64_t v_min = 1, v_max = 10;
  Temperature temperature = Temperature::Positive;
  Filter top_k = Filter::Off, top_p = Filter::Off;
  bool ties = false;    // logits from three levels: repeats, the largest among them
  double spread = 2.0;  // logits spread * randn (the small temperatures: 6, shifted)
  bool float64_only = false;
  int64_t calls = 8;  // calls sharing one generator
};

/// The pitfall detectors' preset (Note [sampling detectors] in detect.hpp): Float64, V 4-10,
/// 200 calls.
Spec detector_spec(Temperature temperature, Filter top_k, Filter top_p);

struct Case {
  kt::Tensor logits;
  double temperature = 1.0;
  int64_t top_k = 0;
  double top_p = 1.0;
  uint64_t gen_seed = 1;
  int64_t calls = 1;
  std::string values;  // how the logits were drawn, for the learner
  /// The inputs as a learner should see them with a failure.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> describe() const;
  /// How far a draw may sit from a running sum and still be judged (the dtype's rounding): 1e-9,
  /// 3e-5 in Float32.
  [[nodiscard]] double tolerance() const;
};

/// Draws a case inside a RapidCheck property.
Case generate(const Spec& spec);

/// grader::run_property, minus the RapidCheck values that only build what the case shows.
Outcome run_sampling_property(uint64_t seed, int cases,
                              const std::function<std::optional<Failure>()>& body);

/// What c.calls calls of kata::sample_token sharing one generator did: the Run (its out the
/// tokens, (calls) Int64, when every call returned), the tokens, how many gen.uniform() they took
/// together (-1: more than the grader counts), and whether logits changed.
struct Called {
  Run run;
  std::vector<int64_t> tokens;
  int64_t draws = 0;
  bool changed = false;
};
Called call_learner_on(const Case& c);

/// What the statement's computation draws from on the case (ref::sampling_distribution as a Walk).
Walk reference_walk(const Case& c);
/// The u of each call as the statement draws them (NaN for a greedy call).
std::vector<double> uniforms(const Case& c);
/// Whether `tokens` and `draws` are what `walk` gives on the case's uniforms, every draw within the
/// case's tolerance.
bool explains(const Case& c, const Walk& walk, const std::vector<int64_t>& tokens, int64_t draws);
/// The same with the case's uniforms(c) given (a search reads them once).
bool explains(const Case& c, const std::vector<double>& u, const Walk& walk,
              const std::vector<int64_t>& tokens, int64_t draws);
/// The index of the first call whose token is not what the reference's draw allows, or -1.
int64_t first_difference(const Case& c, const std::vector<int64_t>& tokens);
/// tokens[at], or -1 where there is none.
int64_t token_at(const std::vector<int64_t>& tokens, int64_t at);

/// The failure for a case: the case, the tokens expected and got, and `message`.
Failure failure(const Case& c, const std::vector<int64_t>& got, std::string message);
/// Shows the numbers the calls took from gen as the failure's expected and got (their tokens are
/// right: what differs is the count).
void set_draws(Failure& f, const Case& c, int64_t draws);
/// The failure for calls that threw (not_implemented when kt::NotImplemented).
Failure failure_from_run(const Case& c, const Run& run);
/// The general replay: every call's token is the statement's for its u, and the calls took one
/// draw each (none at temperature 0); `why` appended to a failure's message.
std::optional<Failure> compare(const Case& c, const Called& called, const std::string& why);
/// "your 3 calls took 6 numbers from gen where the statement takes 3 (...)".
std::string draws_text(const Case& c, int64_t draws);
/// "Draw 3 (u = ...): the kept tokens ... so token T; yours returned Y." for call i.
std::string explain_draw(const Case& c, size_t i, int64_t got);
/// A detector's failure for a case it could not check (a call threw).
std::optional<Failure> cannot_check(const Case& c, const Called& called, const std::string& id);

}  // namespace grader::kata_sampling
