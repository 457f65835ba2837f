#include "grader/lib/kit.hpp"

#include <algorithm>

namespace grader {

Failure wrong_result(const kt::Tensor& got, const kt::Tensor& input, const std::string& shape_words,
                     const std::string& dtype_words) {
  const bool same_shape = got.sizes() == input.sizes();
  // What the two shapes suggest, said only when they do.
  std::string guess;
  if (!same_shape && got.dim() < input.dim()) {
    guess = " (an axis lost: a reduction without keepdim?)";
  } else if (!same_shape && got.dim() == input.dim()) {
    kt::Shape a = got.sizes(), b = input.sizes();
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    if (a == b) guess = " (x's sizes in another order: an axis moved and not moved back?)";
  }
  Failure f;
  f.message = same_shape ? "the result is " + std::string(kt::dtype_name(got.dtype())) + " for a " +
                               std::string(kt::dtype_name(input.dtype())) + " x: " + dtype_words
                         : "the result has shape " + kt::shape_str(got.sizes()) + "; " +
                               shape_words + guess + ".";
  f.wrong = report::wrong_of(!same_shape, got.dtype() != input.dtype());
  return f;
}

}  // namespace grader
