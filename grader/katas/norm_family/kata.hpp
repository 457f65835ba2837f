// What a norm kata (layer_norm, rms_norm: NAME(x, weight[, bias], eps) over x's last axis) fills
// in of the kit: the call into the learner's code, the SameShapeKata, the fixed cases of its
// catalogue and its diagnosis.
#pragma once

#include <rapidcheck.h>

#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "grader/katas/norm_family/rows.hpp"
#include "grader/lib/kata.hpp"

namespace grader::norm_family {

/// The learner's kata::NAME on fresh copies of `inputs` (sent in order, named) and eps, the case
/// announced as `shown` first (a crash or a timeout still names it): its Run, and which inputs it
/// changed (the call handler answers a boolean per input, in order). The learner's process lays x
/// (the first input) out as `layout` says (serve::laid_out: 0 contiguous, 1 its first two axes'
/// storage swapped, 2 a slice of a wider last axis) before the call.
CallWithInputs call_norm(const std::string& name,
                         const std::vector<std::pair<std::string, kt::Tensor>>& inputs, double eps,
                         const std::vector<std::pair<std::string, std::string>>& shown,
                         uint64_t layout = 0);

/// How a layout of call_norm reads in a report ("x is a transposed copy: ...").
std::string layout_text(uint64_t layout);
/// The name an any_layout check draws its layout under (shown as the case's "x's layout" instead).
inline constexpr const char* kLayoutDraw = "x's layout, drawn";

/// The kit's SameShapeKata of a norm kata: x's shape and dtype, the call shown as "NAME(ARGS,
/// eps)", the last axis's rows, and the kata's call, reference, tolerance and diagnosis.
template <class Case>
SameShapeKata<Case> same_shape_kata(
    const std::string& name, const std::string& args,
    std::type_identity_t<std::function<Run(const Case&)>> call,
    std::type_identity_t<std::function<kt::Tensor(const Case&)>> reference,
    std::type_identity_t<std::function<bool(const Case&, const kt::Tensor&, const kt::Tensor&)>>
        matches,
    std::type_identity_t<std::function<std::string(const Case&)>> tolerance,
    std::type_identity_t<std::function<void(Failure&, const Case&)>> diagnose) {
  return {
      .input = [](const Case& c) -> const kt::Tensor& { return c.x; },
      .call = std::move(call),
      .call_text = [=](const Case& c) { return name + "(" + args + number_text(c.eps) + ")"; },
      .shape_words =
          [=](const Case& c) { return name + " keeps x's shape " + kt::shape_str(c.x.sizes()); },
      .reference = std::move(reference),
      .matches = std::move(matches),
      .tolerance = std::move(tolerance),
      .diagnose = std::move(diagnose)};
}

/// The any_layout check's body: `c` (drawn with rank >= 2) with x in a layout drawn here (1 or
/// 2, call_norm's), compared with the reference; a call that throws is told the layout too.
template <class Case>
std::optional<Failure> any_layout(const SameShapeKata<Case>& kata, const std::string& name,
                                  Case c) {
  c.layout = *rc::gen::element<uint64_t>(1, 2).as(kLayoutDraw);
  const std::string why =
      " Here x is " + layout_text(c.layout) + ", with the same values as a contiguous x. " + name +
      " takes x in any layout, as torch's does (x is often a transposed or sliced activation). "
      "Reduce over dim -1 as x is (kt::mean(x, -1, true)), or flatten with reshape, which copies "
      "where view cannot merge the axes.";
  const Run run = kata.call(c);
  if (!run.ok() && !run.not_implemented && !run.out_of_memory) {
    Failure f = kata.failure_from_run(c, run);
    f.message += why;
    return f;
  }
  return kata.compare(c, run, why);
}

/// A fixed case's rows: x = randn(shape) * scale + shift, its eps.
struct FixedRows {
  kt::Shape shape;
  double scale, shift, eps;
};
/// The catalogue's fixed cases, drawn in order from one generator: each x and weight
/// (fixed_rows), then what make(x, weight, eps, gen) draws for the kata's other inputs.
template <class Case, class Make>
std::vector<Case> fixed_cases(const std::vector<FixedRows>& rows, const Make& make) {
  kt::Generator gen(20261205);
  std::vector<Case> cases;
  for (const FixedRows& r : rows) {
    auto [x, weight] = fixed_rows(gen, r.shape, r.scale, r.shift);
    cases.push_back(make(x, weight, r.eps, gen));
  }
  return cases;
}

/// A norm kata's diagnosis: the kit's, over the kata's catalogue, fixed cases and steps, traced
/// on "the case x shape = ..., eps = ...".
template <class Case>
void diagnose(Failure& f, const Case& failing, const SameShapeKata<Case>& (*kata)(),
              std::vector<CatalogueItem<Case>> (*catalogue)(), std::vector<Case> (*cases)(),
              std::vector<Step> (*steps)(const Case&)) {
  grader::diagnose_after_shrinking<Case>(f, failing, [=] {
    Diagnosis<Case> d = kata().diagnosis(diagnosis_over(catalogue()));
    d.discriminating_cases = cases;
    d.steps = steps;
    d.case_text = [](const Case& c) { return case_text(c.x, c.eps); };
    return d;
  });
}

}  // namespace grader::norm_family
