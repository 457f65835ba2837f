#include "grader/katas/norm_family/over.hpp"

namespace grader::norm_family {

kt::Tensor mean_over(const kt::Tensor& t, Axis axis, int64_t other, bool keepdim) {
  switch (axis) {
    case Axis::Other:
      return kt::mean(t, other, keepdim);
    case Axis::All:
      return kt::mean(t);
    case Axis::LastTwo:
      return kt::mean(kt::mean(t, -1, true), -2, true);
    case Axis::Last:
      break;
  }
  return kt::mean(t, -1, keepdim);
}

int64_t values_per_statistic(const kt::Tensor& x, Axis axis, int64_t other) {
  switch (axis) {
    case Axis::All:
      return x.numel();
    case Axis::Other:
      return x.size(other);
    case Axis::LastTwo:
      return x.size(-1) * x.size(-2);
    case Axis::Last:
      break;
  }
  return x.size(-1);
}

std::vector<std::pair<Axis, int64_t>> searched_axes(int64_t rank) {
  std::vector<std::pair<Axis, int64_t>> overs = {{Axis::Last, 0}, {Axis::All, 0}};
  for (int64_t a = 0; a + 1 < rank; ++a) overs.emplace_back(Axis::Other, a);
  if (rank >= 3) overs.emplace_back(Axis::LastTwo, 0);  // on rank 2 it is everything
  return overs;
}

std::string over_words(const kt::Tensor& x, Axis axis, int64_t other, const std::string& whole) {
  switch (axis) {
    case Axis::All:
      return "over the whole tensor (" + whole + ")";
    case Axis::LastTwo:
      return "over the last two axes together";
    default:
      return "over dim " + std::to_string(other) + " (of size " + std::to_string(x.size(other)) +
             ")";
  }
}

}  // namespace grader::norm_family
