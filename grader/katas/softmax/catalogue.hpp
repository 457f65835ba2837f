// The softmax kata's mistake catalogue (Note [mistake catalogue] in grader/lib/diagnosis.hpp):
// every plausible single-step mistake of softmax(x, dim) (the max, the exp, the sum, the axis, the
// keepdim) as a function of x and dim, and the cases that tell them apart.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "grader/katas/softmax/cases.hpp"
#include "grader/lib/diagnosis.hpp"

namespace grader::kata_softmax {

struct SoftmaxEntry {
  CatalogueEntry entry;
  /// What the mistake computes on x (Float64) at dim; undefined where it cannot run.
  std::function<kt::Tensor(const kt::Tensor& x, int64_t dim)> computes;
};

/// Every entry, the kata's pitfalls among them under their ids.
std::vector<SoftmaxEntry> catalogue();

/// Fixed Float64 cases on which every entry differs from every other and from the reference (a
/// test asserts it): rank 3 with three different sizes, dim first, middle and last.
std::vector<Case> discriminating_cases();

/// Makes the failure, once shrunk, carry the catalogue entry the learner's output on `failing`
/// (when Float64) and on the discriminating cases equals, if exactly one does.
void diagnose_after_shrinking(Failure& f, const Case& failing);

}  // namespace grader::kata_softmax
