#include "grader/katas/attention_backward/detect.hpp"

namespace grader::kata_attention_backward {

Case detector_case(bool causal) {
  Spec spec;
  spec.t_min = 2;
  spec.t_max = 6;
  spec.d_min = 2;
  spec.d_max = 4;
  spec.leading_rank_max = 1;
  spec.causal = causal;
  return generate(spec);
}

std::optional<Failure> cannot_check(const Case& c, const Called& called, const std::string& id) {
  if (shape_ok(c, called)) return std::nullopt;
  return could_not_check(failure_from_run(c, called), id);
}

std::vector<Mistakes> all_combinations() {
  std::vector<Mistakes> all;
  for (const Leak leak : {Leak::None, Leak::Everywhere, Leak::DvOnly}) {
    for (const DvFrom dv : {DvFrom::Weights, DvFrom::Scores, DvFrom::RawScores}) {
      for (const bool transposed : {false, true}) {
        for (const Scale scale :
             {Scale::Right, Scale::DqMissing, Scale::DkMissing, Scale::BothMissing}) {
          for (const bool no_rowsum : {false, true}) {
            all.push_back({no_rowsum, scale, transposed, dv, leak});
          }
        }
      }
    }
  }
  return all;
}

namespace {

/// One combination per distinct gradient `which`: the switches that cannot change it at their
/// defaults (dq ignores dk's scale, the transposition, dv's source and a leak into dv alone; dk
/// ignores dq's scale, dv's source and a leak into dv alone; dv ignores all but its source and
/// the leak).
bool canonical(const Mistakes& m, int which) {
  if (which == 2) return !m.no_rowsum && m.scale == Scale::Right && !m.dk_transposed;
  if (m.dv != DvFrom::Weights || m.leak == Leak::DvOnly) return false;
  if (which == 0) {
    return !m.dk_transposed && (m.scale == Scale::Right || m.scale == Scale::DqMissing);
  }
  return m.scale == Scale::Right || m.scale == Scale::DkMissing;
}

}  // namespace

std::optional<Mistakes> needs_switch(const Case& c, const Grads& got, int which,
                                     bool (*on)(const Mistakes&), Mistakes (*off)(Mistakes)) {
  for (const Mistakes& m : all_combinations()) {
    if (!on(m) || !canonical(m, which)) continue;
    if (!same_as_mistake(got[which], simulate(c, m)[which])) continue;
    if (!same_as_mistake(got[which], simulate(c, off(m))[which])) return m;
  }
  return std::nullopt;
}

Failure found_pitfall(const Case& c, const Called& called, const char* id, std::string message) {
  Failure f = failure(c, called.grads, run_reference(c), std::move(message));
  f.pitfall = id;
  return f;
}

}  // namespace grader::kata_attention_backward
