// What a norm kata (layer_norm, rms_norm: NAME(x, weight[, bias], eps) over x's last axis) fills
// in of the kit: the call into the learner's code, the SameShapeKata, the fixed cases of its
// catalogue and its diagnosis.
#pragma once

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
