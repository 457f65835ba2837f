#include "grader/lib/kit.hpp"

namespace grader {

Failure wrong_result(const kt::Tensor& got, const kt::Tensor& input, const std::string& shape_words,
                     const std::string& dtype_words) {
  const bool same_shape = got.sizes() == input.sizes();
  Failure f;
  f.message = same_shape
                  ? "the result is " + std::string(kt::dtype_name(got.dtype())) + " for a " +
                        std::string(kt::dtype_name(input.dtype())) + " x: " + dtype_words
                  : "the result has shape " + kt::shape_str(got.sizes()) + "; " + shape_words;
  f.wrong = report::wrong_of(!same_shape, got.dtype() != input.dtype());
  return f;
}

}  // namespace grader
